import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface Choice {
  value: unknown;
  label: string;
}

interface ChoiceSelectProps {
  choices: readonly Choice[];
  value: unknown;
  required: boolean;
  /** How the default reads, for "Not set (default: …)"; undefined when the schema names none. */
  defaultLabel: string | undefined;
  onChange(next: unknown): void;
}

/** The option text standing for "no value": never a value of its own. */
const UNSET = '';

/**
 * A select of fixed values (an enum, yes or no). An optional prop can be
 * left unset, saying what the widget then does; a value not among the
 * choices (written in code mode) is shown as it is, marked, never replaced
 * behind the user's back.
 */
export function ChoiceSelect({ choices, value, required, defaultLabel, onChange }: ChoiceSelectProps) {
  const { t } = useTranslation('editor-props');
  const known = choices.some((choice) => Object.is(choice.value, value));
  const unsetLabel = required
    ? t('choice.choose')
    : defaultLabel === undefined
      ? t('choice.notSet')
      : t('choice.notSetDefault', { value: defaultLabel });
  return (
    <NativeSelect.Root>
      <NativeSelect.Field
        value={value === undefined ? UNSET : JSON.stringify(value)}
        onChange={(event) => {
          const picked = event.currentTarget.value;
          onChange(picked === UNSET ? undefined : JSON.parse(picked));
        }}
      >
        {value === undefined || !required ? (
          <option value={UNSET} disabled={required}>
            {unsetLabel}
          </option>
        ) : null}
        {choices.map((choice) => (
          <option key={JSON.stringify(choice.value)} value={JSON.stringify(choice.value)}>
            {choice.label}
          </option>
        ))}
        {value !== undefined && !known ? (
          <option value={JSON.stringify(value)}>
            {t('choice.notAllowed', { value: JSON.stringify(value) })}
          </option>
        ) : null}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
