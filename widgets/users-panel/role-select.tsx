import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ROLES, roleAllows } from '../../src/auth/roles';
import type { Role } from '../../src/generated/api-types';

/** A role picker offering the roles up to the picker's own: nobody grants more than they have. */
export function RoleSelect({
  value,
  grantor,
  label,
  name,
  onChange,
}: {
  value?: Role;
  grantor: Role;
  label: string;
  name?: string;
  onChange?: (role: Role) => void;
}) {
  const { t } = useTranslation('users-panel');
  return (
    <NativeSelect.Root size="xs" width="auto">
      <NativeSelect.Field
        aria-label={label}
        name={name}
        {...(value === undefined ? { defaultValue: 'viewer' } : { value })}
        onChange={onChange ? (event) => onChange(event.target.value as Role) : undefined}
      >
        {ROLES.filter((role) => roleAllows(grantor, role)).map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
