import { useTranslation } from 'react-i18next';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';
import { useFieldId } from './form-context';
import { SuggestingInput } from './suggesting-input';
import { type PointSuggestions, placeOf, pointNamed, usePointSuggestions } from './use-point-suggestions';

/** A browser's suggestion list is for choosing, not browsing: the search narrows it as people type. */
const MAX_SUGGESTIONS = 50;

/**
 * A data point by name (`"x-picker": "dataPoint"`), with the organisation's
 * points suggested as people type. Any name is taken, listed or not: a layout
 * may be written for another organisation, and names, not ids, bind its data;
 * the field says when this organisation has no point of that name.
 */
export function DataPointPicker(props: FieldProps) {
  const { schema, value, onChange, pointer, required } = props;
  const listId = `${useFieldId(pointer)}--points`;
  const text = typeof value === 'string' ? value : '';
  const suggestions = usePointSuggestions(text);
  return (
    <FieldFrame field={props} note={<PickedPoint name={text} suggestions={suggestions} />}>
      <SuggestingInput
        text={text}
        listId={listId}
        maxLength={schema.maxLength}
        suggestions={suggestions.points
          .slice(0, MAX_SUGGESTIONS)
          .map((point) => ({ id: point.id, value: point.name, label: placeOf(point) }))}
        onText={(next) => onChange(next === '' && !required ? undefined : next)}
      />
    </FieldFrame>
  );
}

/** What the name binds to in this organisation, once the search for it has answered. */
function PickedPoint({ name, suggestions }: { name: string; suggestions: PointSuggestions }) {
  const { t } = useTranslation('editor-props');
  if (suggestions.failed) return t('picker.unavailable');
  if (name.trim() === '' || !suggestions.current) return null;
  const point = pointNamed(suggestions.points, name.trim());
  return point ? t('picker.found', { place: placeOf(point) }) : t('picker.notFound', { name });
}
