import { Input, type InputProps } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { timeZoneNames } from './time-zones';

interface TimeZoneInputProps extends Omit<InputProps, 'value' | 'onChange' | 'list'> {
  value: string;
  onChange: (zone: string) => void;
}

/**
 * A time zone typed with suggestions from every zone the browser knows
 * ("Lon" offers Europe/London), UTC shown as UTC. A datalist is the
 * searchable list every browser offers, with no custom widget to learn;
 * the form checks what was typed with isTimeZone.
 */
export function TimeZoneInput({ value, onChange, ...inputProps }: TimeZoneInputProps) {
  const listId = useId();
  const zones = useMemo(timeZoneNames, []);
  return (
    <>
      <Input
        {...inputProps}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        list={listId}
        autoComplete="off"
        spellCheck={false}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
