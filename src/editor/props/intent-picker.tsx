import { useTranslation } from 'react-i18next';
import { usePointIntents } from '../../data/point-intents';
import type { DataPointIntent } from '../../generated/api-types';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';
import { useFieldId } from './form-context';
import { SuggestingInput } from './suggesting-input';

/**
 * What a widget's data points are for (`"x-picker": "intent"`): the intents
 * data points can have, suggested with their names, and the unit a widget
 * counts in when none is given. Any intent is taken, listed or not, as the
 * schema allows; the field says when no data point can have it.
 */
export function IntentPicker(props: FieldProps) {
  const { schema, value, onChange, pointer, required } = props;
  const listId = `${useFieldId(pointer)}--intents`;
  const text = typeof value === 'string' ? value : '';
  const intents = usePointIntents();
  return (
    <FieldFrame
      field={props}
      note={<PickedIntent intent={text} intents={intents.data} failed={intents.isError} />}
    >
      <SuggestingInput
        text={text}
        listId={listId}
        maxLength={schema.maxLength}
        suggestions={(intents.data ?? []).map((intent) => ({ value: intent.intent, label: intent.label }))}
        onText={(next) => onChange(next === '' && !required ? undefined : next)}
      />
    </FieldFrame>
  );
}

interface PickedIntentProps {
  intent: string;
  intents: DataPointIntent[] | undefined;
  failed: boolean;
}

function PickedIntent({ intent, intents, failed }: PickedIntentProps) {
  const { t } = useTranslation('editor-props');
  if (failed) return t('intent.unavailable');
  if (intent.trim() === '' || !intents) return null;
  const known = intents.find((candidate) => candidate.intent === intent.trim());
  return known
    ? t('intent.found', { label: known.label, unit: known.defaultUnit })
    : t('intent.unknown', { intent, known: intents.map((candidate) => candidate.intent).join(', ') });
}
