import { Input, Textarea } from '@chakra-ui/react';
import { defaultText } from './default-text';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';

/** Longer than this, text gets a box of several lines (a text widget's body). */
const LONG_TEXT = 300;

/** Text; an optional prop emptied is removed, a required one keeps its empty text. */
export function StringField(props: FieldProps) {
  const { schema, value, onChange, required } = props;
  const text = typeof value === 'string' ? value : '';
  const change = (next: string) => onChange(next === '' && !required ? undefined : next);
  const common = {
    value: text,
    placeholder: defaultText(schema),
    maxLength: schema.maxLength,
  };
  return (
    <FieldFrame field={props}>
      {(schema.maxLength ?? 0) > LONG_TEXT ? (
        <Textarea {...common} rows={4} autoresize onChange={(event) => change(event.currentTarget.value)} />
      ) : (
        <Input {...common} onChange={(event) => change(event.currentTarget.value)} />
      )}
    </FieldFrame>
  );
}
