import { Input, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';

/**
 * A number typed as text: what is typed stays as typed ("0.", "-", "1e")
 * while the value passed on is the number it reads as, or undefined while
 * it reads as none. A comma is taken as a decimal point.
 */
export function DecimalInput({
  value,
  onValue,
  ...input
}: Omit<InputProps, 'value' | 'onChange'> & {
  value: number | null | undefined;
  onValue: (value: number | undefined) => void;
}) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  const typed = parseDecimal(text);
  // A value changed from outside (another version chosen, a reset) replaces the text.
  const shown =
    typed === (value ?? undefined) ? text : value === null || value === undefined ? '' : String(value);
  return (
    <Input
      inputMode="decimal"
      {...input}
      value={shown}
      onChange={(event) => {
        setText(event.target.value);
        onValue(parseDecimal(event.target.value));
      }}
    />
  );
}

export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}
