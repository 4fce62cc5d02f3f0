import { Stack, type StackProps } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

interface FormStackProps extends Omit<StackProps, 'onSubmit'> {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A form laid out as a stack: the shape of every account form. */
export function FormStack({ label, onSubmit, children, ...stack }: FormStackProps) {
  return (
    <form onSubmit={onSubmit} aria-label={label}>
      <Stack gap="4" {...stack}>
        {children}
      </Stack>
    </form>
  );
}
