import { Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';

interface Draft {
  text: string;
  forValue: unknown;
  error?: string;
}

/**
 * A value no form field fits (a shape the schema leaves open, or a value of
 * another type than the schema's, written in code mode), edited as JSON.
 * Text that is not JSON yet stays in the box with its error; the props keep
 * the last value that was.
 */
export function JsonField(props: FieldProps) {
  const { value, onChange, required } = props;
  const { t } = useTranslation('editor-props');
  const [draft, setDraft] = useState<Draft>();
  // Compared as JSON: the document may hand back a copy of the value the text was parsed into.
  const current = draft && JSON.stringify(draft.forValue) === JSON.stringify(value) ? draft : undefined;
  const text = current ? current.text : value === undefined ? '' : JSON.stringify(value, null, 2);

  function change(next: string) {
    if (next.trim() === '' && !required) {
      setDraft(undefined);
      onChange(undefined);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(next);
      setDraft({ text: next, forValue: parsed });
      onChange(parsed);
    } catch {
      setDraft({ text: next, forValue: value, error: t('json.invalid') });
    }
  }

  return (
    <FieldFrame field={props} localError={current?.error}>
      <Textarea
        value={text}
        onChange={(event) => change(event.currentTarget.value)}
        fontFamily="mono"
        fontSize="sm"
        rows={Math.min(12, text.split('\n').length + 1)}
        spellCheck={false}
      />
    </FieldFrame>
  );
}
