import { useTranslation } from 'react-i18next';
import { childPointer } from '../../engine/validation/issue';
import type { FieldProps } from './field-props';
import { ChildField } from './form-context';
import { GroupFrame } from './group-frame';
import { isRecord, mapValueSchema } from './json-schema';
import { labelFor } from './labels';
import { usePropChange } from './use-prop-change';

/** A nested object (a table's sort, a state's action): its props as a group under the prop's label. */
export function ObjectField(props: FieldProps) {
  return (
    <GroupFrame field={props}>
      <PropFields {...props} />
    </GroupFrame>
  );
}

/**
 * The fields of an object's props, in the schema's order, then any prop the
 * schema does not name (written in code mode), shown as it is with its issue
 * so it can be put right or cleared. An optional object left with nothing in
 * it is removed.
 */
export function PropFields(props: FieldProps) {
  const { schema, value, onChange, pointer, required } = props;
  const object = isRecord(value) ? value : {};
  const properties = schema.properties ?? {};
  const requiredProps = new Set(schema.required ?? []);
  const unnamed = Object.keys(object).filter((key) => !(key in properties));
  const change = usePropChange(object, onChange, required);
  const { t } = useTranslation('editor-props');
  return (
    <>
      {Object.entries(properties).map(([key, propSchema]) => (
        <ChildField
          key={key}
          schema={propSchema}
          value={object[key]}
          onChange={change(key)}
          pointer={childPointer(pointer, key)}
          label={labelFor(key, propSchema, t)}
          required={requiredProps.has(key)}
        />
      ))}
      {unnamed.map((key) => (
        <ChildField
          key={key}
          schema={mapValueSchema(schema) ?? {}}
          value={object[key]}
          onChange={change(key)}
          pointer={childPointer(pointer, key)}
          label={key}
          required={false}
        />
      ))}
    </>
  );
}
