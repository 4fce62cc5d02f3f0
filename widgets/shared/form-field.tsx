import { Field, Input, type InputProps } from '@chakra-ui/react';

interface FormFieldProps extends InputProps {
  label: string;
  helperText?: string;
  errorText?: string;
}

/** A labelled input, the unit every account form is made of. */
export function FormField({ label, helperText, errorText, required, ...input }: FormFieldProps) {
  return (
    <Field.Root required={required} invalid={Boolean(errorText)}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input {...input} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {errorText ? <Field.ErrorText>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** Reads a named field of a submitted form as text. */
export function formText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** Passwords are taken exactly as typed: spaces may be part of them. */
export function formPassword(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}
