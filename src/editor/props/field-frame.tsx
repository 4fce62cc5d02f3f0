import { Field, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldProps } from './field-props';
import { useFieldId, useIssuesAt } from './form-context';
import { usePropHelp } from './help-text';

interface FieldFrameProps {
  /** The field's own props: where, its label, whether required, its schema. */
  field: FieldProps;
  /** A problem the field found itself, before anything reached the props ("abc" is not a number). */
  localError?: string | undefined;
  /** Something the field learnt about the value (a data point's place), read out when it changes. */
  note?: ReactNode;
  children: ReactNode;
}

/**
 * One labelled control: its label (required marked), the schema's
 * description as help, and the problems at its pointer, so every field reads
 * and announces alike.
 */
export function FieldFrame({ field, localError, note, children }: FieldFrameProps) {
  const id = useFieldId(field.pointer);
  const issues = useIssuesAt(field.pointer);
  const errors = localError ? [localError, ...issues] : issues;
  const marked = field.required && !field.inList;
  const help = usePropHelp();
  const { description } = field.schema;
  return (
    <Field.Root id={id} required={marked} invalid={errors.length > 0}>
      <Field.Label>
        {field.label}
        {marked ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {description || note ? (
        <Field.HelperText>
          <Stack as="span" gap="1">
            {description ? <span>{help(description)}</span> : null}
            {note ? <span aria-live="polite">{note}</span> : null}
          </Stack>
        </Field.HelperText>
      ) : null}
      <FieldErrors errors={errors} />
    </Field.Root>
  );
}

/** One error text per field (its id is what the control points at), a line per problem. */
function FieldErrors({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <Field.ErrorText>
      <Stack as="span" gap="0">
        {errors.map((error) => (
          <span key={error}>{error}</span>
        ))}
      </Stack>
    </Field.ErrorText>
  );
}
