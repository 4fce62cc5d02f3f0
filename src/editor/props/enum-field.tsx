import { useTranslation } from 'react-i18next';
import { type Choice, ChoiceSelect } from './choice-select';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';
import type { JsonSchema } from './json-schema';

/** One of the schema's values; periods by their names in the reader's language. */
export function EnumField(props: FieldProps) {
  const { schema, value, onChange, required } = props;
  const nameOf = useChoiceName(schema);
  const choices: Choice[] = (schema.enum ?? []).map((choice) => ({ value: choice, label: nameOf(choice) }));
  return (
    <FieldFrame field={props}>
      <ChoiceSelect
        choices={choices}
        value={value}
        required={required}
        defaultLabel={schema.default === undefined ? undefined : nameOf(schema.default)}
        onChange={onChange}
      />
    </FieldFrame>
  );
}

/**
 * How a value of the enum reads: a period (`"x-picker": "period"`) by its
 * translated name ("Last 7 days"), anything else as the layout writes it, the
 * same word code mode shows.
 */
function useChoiceName(schema: JsonSchema): (value: unknown) => string {
  const { t } = useTranslation('editor-props');
  if (schema['x-picker'] === 'period') {
    return (value) => t(`periods.${String(value)}`, { defaultValue: String(value) });
  }
  return (value) => (typeof value === 'string' ? value : JSON.stringify(value));
}
