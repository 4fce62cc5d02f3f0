import { Input } from '@chakra-ui/react';
import { Labelled } from '../shared/labelled';

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
