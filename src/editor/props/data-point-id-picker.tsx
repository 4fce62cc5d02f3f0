import { useTranslation } from 'react-i18next';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';
import { useFieldId } from './form-context';
import { NumberInput, numberOptions } from './number-field';
import { useNumberDraft } from './use-number-draft';
import { type PointSuggestions, placeOf, usePointSuggestions } from './use-point-suggestions';

/**
 * A data point by id (`"x-picker": "dataPointId"`, a register-steps widget
 * fixed to one meter): the organisation's points are suggested with their
 * names, and the field names the point the id stands for.
 */
export function DataPointIdPicker(props: FieldProps) {
  const { schema, value, onChange, pointer, required } = props;
  const listId = `${useFieldId(pointer)}--points`;
  const draft = useNumberDraft(value, onChange, numberOptions(schema, required));
  // Ids are not in the searched text: every point is listed, named beside its id.
  const suggestions = usePointSuggestions('');
  return (
    <FieldFrame
      field={props}
      localError={draft.error}
      note={<PointWithId id={value} suggestions={suggestions} />}
    >
      <NumberInput schema={schema} text={draft.text} onText={draft.change} list={listId} />
      <datalist id={listId}>
        {suggestions.points.map((point) => (
          <option key={point.id} value={String(point.id)} label={`${point.name} (${placeOf(point)})`} />
        ))}
      </datalist>
    </FieldFrame>
  );
}

function PointWithId({ id, suggestions }: { id: unknown; suggestions: PointSuggestions }) {
  const { t } = useTranslation('editor-props');
  if (suggestions.failed) return t('picker.unavailable');
  if (typeof id !== 'number' || !suggestions.current) return null;
  const point = suggestions.points.find((candidate) => candidate.id === id);
  return point
    ? t('picker.foundId', { name: point.name, place: placeOf(point) })
    : t('picker.noSuchId', { id });
}
