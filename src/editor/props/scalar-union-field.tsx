import { HStack, Input, NativeSelect, Switch } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';
import { useFieldId } from './form-context';
import { type JsonSchema, typesOf } from './json-schema';
import { NumberInput } from './number-field';
import { useNumberDraft } from './use-number-draft';

/** The kinds of value a prop typed ["string", "number", "null"] can hold, and "not set" for an optional one. */
type ValueKind = 'text' | 'number' | 'boolean' | 'null' | 'unset';

const KIND_OF_TYPE: Record<string, ValueKind> = {
  string: 'text',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  null: 'null',
};

/**
 * A value of several kinds (a stat's value: a number, text or nothing): the
 * kind is chosen first, so "42" typed as text stays text and 42 stays a number.
 */
export function ScalarUnionField(props: FieldProps) {
  const { schema, value, onChange, pointer, label, required } = props;
  const { t } = useTranslation('editor-props');
  const id = useFieldId(pointer);
  const kind = kindOf(value);
  // A required value not there yet shows as "not set" until a kind is chosen, rather than as a kind it is not.
  const kinds = allowedKinds(schema, required && kind !== 'unset');
  const draft = useNumberDraft(value, onChange, {
    whole: !typesOf(schema).includes('number'),
    empty: 'refuse',
  });
  const hasInput = kind === 'text' || kind === 'number' || kind === 'boolean';
  return (
    <FieldFrame field={props} localError={kind === 'number' ? draft.error : undefined}>
      <HStack gap="2" width="full">
        <NativeSelect.Root width="auto" flexShrink={0}>
          <NativeSelect.Field
            id={hasInput ? `${id}--kind` : id}
            aria-label={t('union.kind', { label })}
            value={kind}
            onChange={(event) => onChange(converted(value, event.currentTarget.value as ValueKind))}
          >
            {kinds.map((option) => (
              <option key={option} value={option}>
                {t(`union.kinds.${option}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {kind === 'text' ? (
          <Input value={value as string} onChange={(event) => onChange(event.currentTarget.value)} />
        ) : null}
        {kind === 'number' ? <NumberInput schema={schema} text={draft.text} onText={draft.change} /> : null}
        {kind === 'boolean' ? (
          <Switch.Root checked={value === true} onCheckedChange={(details) => onChange(details.checked)}>
            <Switch.HiddenInput />
            <Switch.Control />
          </Switch.Root>
        ) : null}
      </HStack>
    </FieldFrame>
  );
}

function allowedKinds(schema: JsonSchema, required: boolean): ValueKind[] {
  const kinds = [...new Set(typesOf(schema).map((type) => KIND_OF_TYPE[type]))].filter(
    (kind): kind is ValueKind => kind !== undefined,
  );
  return required ? kinds : ['unset', ...kinds];
}

function kindOf(value: unknown): ValueKind {
  if (value === undefined) return 'unset';
  if (value === null) return 'null';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'text';
}

/** The value carried over to another kind, as far as it goes: 12 becomes "12", "12" becomes 12, "abc" 0. */
function converted(value: unknown, kind: ValueKind): unknown {
  switch (kind) {
    case 'unset':
      return undefined;
    case 'null':
      return null;
    case 'text':
      return value === null || value === undefined ? '' : String(value);
    case 'number': {
      const number = Number(value);
      return typeof value !== 'boolean' && Number.isFinite(number) ? number : 0;
    }
    case 'boolean':
      return value === true || value === 'true';
  }
}
