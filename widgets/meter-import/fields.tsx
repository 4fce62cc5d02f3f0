import { Field, NativeSelect } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { ApiFailure } from '../../src/api/api-failure';

export interface Option {
  value: string;
  label: string;
}

/** A labelled native select: keyboard and screen-reader friendly, and the same on phones. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  helper,
  error,
  required,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  /** Shown as the first, empty choice. */
  placeholder?: string;
  helper?: ReactNode;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/**
 * What to show for a failed request: the API's own message as it is (already
 * worded for users); a plain sentence when there is none. `t` reads the
 * meter-import strings.
 */
export function failureMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiFailure) {
    if (error.body?.message) return error.body.message;
    if (error.status === 413) return t('failure.tooLarge');
    return t('failure.status', { status: error.status });
  }
  if (error instanceof TypeError) return t('failure.unreachable');
  return error instanceof Error && error.message ? error.message : t('failure.unknown');
}
