import { NativeSelect } from '@chakra-ui/react';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

/**
 * A native select of a few choices, each with its words: the one way the
 * alert widgets offer a choice from a short list (a native select is what a
 * phone shows best). Numbers stay numbers: the choice's value is handed back
 * as given, not as the option's text.
 */
export function ChoiceSelect<V extends string | number>({
  choices,
  value,
  onChange,
  label,
  size,
  width,
}: {
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  /** Its name for a screen reader where no visible label names it. */
  label?: string;
  size?: 'xs' | 'sm' | 'md';
  /** 'auto' beside other controls in a row; the field's whole width when absent. */
  width?: string;
}) {
  return (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field
        aria-label={label}
        value={String(value)}
        onChange={(event) => {
          const chosen = choices.find((choice) => String(choice.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {choices.map((choice) => (
          <option key={String(choice.value)} value={String(choice.value)}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
