import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readNumber } from './number-text';

interface Draft {
  text: string;
  /** The value the text was typed against: when the value changes elsewhere (undo, code mode), the draft is dropped. */
  forValue: unknown;
  error?: string;
}

interface NumberDraftOptions {
  whole: boolean;
  /** What an emptied field stands for: removing the prop, null, or nothing (the field must hold a number). */
  empty: 'remove' | 'null' | 'refuse';
}

/**
 * The text of a number field: what was typed, as typed ("2." while typing
 * "2.5"), while the props hold the number it reads as. Text that is no
 * number stays in the field with its error and never reaches the props.
 */
export function useNumberDraft(
  value: unknown,
  onChange: (next: unknown) => void,
  options: NumberDraftOptions,
) {
  const { t } = useTranslation('editor-props');
  const [draft, setDraft] = useState<Draft>();
  const current = draft && Object.is(draft.forValue, value) ? draft : undefined;
  const text = current ? current.text : typeof value === 'number' ? String(value) : '';

  function change(next: string) {
    if (next.trim() === '') {
      if (options.empty === 'refuse') {
        setDraft({ text: next, forValue: value, error: t('number.missing') });
        return;
      }
      setDraft(undefined);
      onChange(options.empty === 'null' ? null : undefined);
      return;
    }
    const reading = readNumber(next, { whole: options.whole });
    if ('problem' in reading) {
      setDraft({ text: next, forValue: value, error: t(`number.${reading.problem}`) });
      return;
    }
    setDraft({ text: next, forValue: reading.number });
    onChange(reading.number);
  }

  return { text, error: current?.error, change };
}
