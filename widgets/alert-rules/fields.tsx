import { Field, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A field with its label, marked when required. */
export function Labelled({
  label,
  required,
  children,
}: {
  label: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root required={required} width="auto">
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
    </Field.Root>
  );
}

/** A number as typed, checked by the browser: at least min, at most max, whole when integer. */
export function NumberField({
  label,
  value,
  min,
  max,
  integer,
  required,
  onChange,
}: {
  label: string;
  value: string;
  min?: number;
  max?: number;
  integer?: boolean;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Labelled label={label} required={required}>
      <Input
        type="number"
        inputMode="decimal"
        value={value}
        min={min}
        max={max}
        step={integer ? 1 : 'any'}
        required={required}
        width="32"
        onChange={(event) => onChange(event.target.value)}
      />
    </Labelled>
  );
}
