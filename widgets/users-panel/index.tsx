import { Badge, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useApiData } from '../../src/api/use-api-data';
import { useCan } from '../../src/auth/use-can';
import { useMyRole } from '../../src/auth/use-my-role';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { GetUsersResponse, Role } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { DataState } from '../shared/data-state';
import { FormField, formText } from '../shared/form-field';
import { InvitationRow } from './invitation-row';
import { RoleSelect } from './role-select';

type Member = GetUsersResponse['users'][number];

/**
 * Members and the invitations nobody accepted; an admin invites by e-mail with
 * a role, sends an invitation again or revokes it, changes roles and removes members.
 */
export default function UsersPanel({ data }: WidgetProps<'users-panel'>) {
  const state = useApiData(() => api.getUsers(), 'users');
  const [busy, setBusy] = useState(false);
  const myRole = useMyRole();
  const canInvite = useCan('sendUserInvite');
  const canManage = useCan('updateUserRole');
  // Only an owner changes or removes an owner (server/users/member-roles.ts); nobody changes themselves here.
  const mayChange = (user: Member) =>
    canManage && !user.isYou && (user.role !== 'owner' || myRole === 'owner');

  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      const role = formText(form, 'role') as Role;
      const sent = await api.sendUserInvite({ email: formText(form, 'email'), role });
      notify.success(`Invitation sent to ${sent.email}`);
      form.reset();
      state.reload();
    } catch (error) {
      notify.warning((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const changeRole = async (user: Member, role: Role) => {
    try {
      await api.updateUserRole({ userId: user.id, role });
      notify.success(`${user.email} is now ${role === 'viewer' ? 'a' : 'an'} ${role}`);
      state.reload();
    } catch (error) {
      notify.warning((error as Error).message);
    }
  };
  const remove = async (userId: string, email: string) => {
    if (!window.confirm(`Remove ${email} from the organisation?`)) return;
    try {
      await api.removeUser({ userId: userId });
      notify.success(`${email} was removed`);
      state.reload();
    } catch (error) {
      notify.warning((error as Error).message);
    }
  };

  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {data.heading ?? 'People'}
      </Heading>
      <DataState state={state} what="The people of your organisation">
        {({ users, invitations }) => (
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                <Table.ColumnHeader>Role</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {users.map((user) => (
                <Table.Row key={user.id}>
                  <Table.Cell>{user.name || '–'}</Table.Cell>
                  <Table.Cell>{user.email}</Table.Cell>
                  <Table.Cell>
                    {mayChange(user) ? (
                      <RoleSelect
                        value={user.role}
                        grantor={myRole}
                        label={`Role of ${user.email}`}
                        onChange={(role) => changeRole(user, role)}
                      />
                    ) : (
                      <Badge>{user.role}</Badge>
                    )}{' '}
                    {user.isYou ? <Badge colorPalette="brand">you</Badge> : null}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {!mayChange(user) ? null : (
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Remove ${user.email}`}
                        onClick={() => remove(user.id, user.email)}
                      >
                        Remove
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
              {invitations.map((invitation) => (
                <InvitationRow key={invitation.email} invitation={invitation} onChanged={state.reload} />
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </DataState>
      {canInvite ? (
        <>
          <form onSubmit={invite} aria-label="Invite someone">
            <HStack align="end" maxW="xl" wrap="wrap">
              <FormField label="Invite by e-mail" name="email" type="email" required />
              <RoleSelect grantor={myRole} label="Role of the invitee" name="role" />
              <Button type="submit" loading={busy}>
                Invite
              </Button>
            </HStack>
          </form>
          <Text fontSize="sm" color="fg.muted">
            The invitation link works for 7 days. Viewers read; editors also change sites, data points,
            imports and devices; admins also manage people, API keys and billing; owners also manage admins
            and owners.
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
