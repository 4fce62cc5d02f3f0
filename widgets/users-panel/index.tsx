import { Badge, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useApiData } from '../../src/api/use-api-data';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import { notify } from '../../src/ui/toaster';
import { DataState } from '../shared/data-state';
import { FormField, formText } from '../shared/form-field';
import { formatDate } from '../shared/format';

/** Members and open invitations; invite by e-mail; remove a member. */
export default function UsersPanel({ data }: WidgetProps<'users-panel'>) {
  const state = useApiData(() => api.getUsers(), 'users');
  const [busy, setBusy] = useState(false);

  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      const sent = await api.sendUserInvite({ email: formText(form, 'email') });
      notify.success(`Invitation sent to ${sent.email}`);
      form.reset();
      state.reload();
    } catch (error) {
      notify.warning((error as Error).message);
    } finally {
      setBusy(false);
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
                    <Badge>{user.role}</Badge> {user.isYou ? <Badge colorPalette="brand">you</Badge> : null}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {user.isYou ? null : (
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() => remove(user.id, user.email)}
                      >
                        Remove
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
              {invitations.map((invitation) => (
                <Table.Row key={invitation.email} color="fg.muted">
                  <Table.Cell>Invited</Table.Cell>
                  <Table.Cell>{invitation.email}</Table.Cell>
                  <Table.Cell colSpan={2}>until {formatDate(invitation.expiresAt, false)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </DataState>
      <form onSubmit={invite} aria-label="Invite someone">
        <HStack align="end" maxW="lg">
          <FormField label="Invite by e-mail" name="email" type="email" required />
          <Button type="submit" loading={busy}>
            Invite
          </Button>
        </HStack>
      </form>
      <Text fontSize="sm" color="fg.muted">
        The invitation link works for 7 days.
      </Text>
    </Stack>
  );
}
