import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A control with its label, marked when required: as wide as its control
 * beside others in a row, unless given the row's whole width ('full').
 */
export function Labelled({
  label,
  required,
  width = 'auto',
  children,
}: {
  label: string;
  required?: boolean;
  width?: 'auto' | 'full';
  children: ReactNode;
}) {
  return (
    <Field.Root required={required} width={width}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
    </Field.Root>
  );
}
