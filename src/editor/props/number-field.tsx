import { Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { defaultText } from './default-text';
import { FieldFrame } from './field-frame';
import { isInteger, isNullable } from './field-kind';
import type { FieldProps } from './field-props';
import type { JsonSchema } from './json-schema';
import { useNumberDraft } from './use-number-draft';

/** A number typed as text, so what is typed stays visible even when it is not a number yet. */
export function NumberField(props: FieldProps) {
  const { schema, value, onChange, required } = props;
  const draft = useNumberDraft(value, onChange, numberOptions(schema, required));
  return (
    <FieldFrame field={props} localError={draft.error}>
      <NumberInput schema={schema} text={draft.text} onText={draft.change} />
    </FieldFrame>
  );
}

export function numberOptions(schema: JsonSchema, required: boolean) {
  const empty = !required ? 'remove' : isNullable(schema) ? 'null' : 'refuse';
  return { whole: isInteger(schema), empty } as const;
}

interface NumberInputProps {
  schema: JsonSchema;
  text: string;
  onText(text: string): void;
  /** A datalist of suggestions. */
  list?: string;
}

/** The input itself, shared with fields that take a number among other kinds of value. */
export function NumberInput({ schema, text, onText, ...rest }: NumberInputProps) {
  const { t } = useTranslation('editor-props');
  // An empty box of a number that may be null stands for null: the placeholder says so.
  const emptyText = t('union.kinds.null');
  return (
    <Input
      {...rest}
      value={text}
      onChange={(event) => onText(event.currentTarget.value)}
      inputMode={isInteger(schema) ? 'numeric' : 'decimal'}
      placeholder={defaultText(schema) ?? (isNullable(schema) ? emptyText : undefined)}
      autoComplete="off"
    />
  );
}
