import { Badge, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { useMyRole } from '../../src/auth/use-my-role';
import { MEMBERS_READ, useMembers } from '../../src/data/members';
import { useScreenMutation } from '../../src/data/screen-mutation';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { GetUsersResponse, Role } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { FormField, formText } from '../shared/form-field';
import { InvitationRow } from './invitation-row';
import { RoleSelect } from './role-select';

type Member = GetUsersResponse['users'][number];

/**
 * Members and the invitations nobody accepted; an admin invites by e-mail with
 * a role, sends an invitation again or revokes it, changes roles and removes members.
 */
export default function UsersPanel({ data }: WidgetProps<'users-panel'>) {
  const { t } = useTranslation('users-panel');
  const state = fromQuery(useMembers());
  const sendInvite = useScreenMutation(api.sendUserInvite, [MEMBERS_READ]);
  const updateRole = useScreenMutation(api.updateUserRole, [MEMBERS_READ]);
  const removeUser = useScreenMutation(api.removeUser, [MEMBERS_READ]);
  const myRole = useMyRole();
  const canInvite = useCan('sendUserInvite');
  const canManage = useCan('updateUserRole');
  // Only an owner changes or removes an owner (server/users/member-roles.ts); nobody changes themselves here.
  const mayChange = (user: Member) =>
    canManage && !user.isYou && (user.role !== 'owner' || myRole === 'owner');

  const invite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    sendInvite.mutate(
      { email: formText(form, 'email'), role: formText(form, 'role') as Role },
      {
        onSuccess: (sent) => {
          notify.success(t('invite.sent', { email: sent.email }));
          form.reset();
        },
        onError: (error) => notify.warning(error.message),
      },
    );
  };
  // Each row's change waits on its own promise: mutate's callbacks hear only of the latest call,
  // so a second role changed before the first is answered would lose the first one's toast.
  const changeRole = (user: Member, role: Role) =>
    updateRole.mutateAsync({ userId: user.id, role }).then(
      () => notify.success(t(`roleChanged.${role}`, { email: user.email })),
      (error: Error) => notify.warning(error.message),
    );
  const remove = (userId: string, email: string) => {
    if (!window.confirm(t('removeQuestion', { email }))) return;
    void removeUser.mutateAsync({ userId }).then(
      () => notify.success(t('removed', { email })),
      (error: Error) => notify.warning(error.message),
    );
  };

  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <DataState state={state} what={t('what')}>
        {({ users, invitations }) => (
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('table.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('table.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('table.role')}</Table.ColumnHeader>
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
                        label={t('table.roleOf', { email: user.email })}
                        onChange={(role) => changeRole(user, role)}
                      />
                    ) : (
                      <Badge>{t(`roles.${user.role}`)}</Badge>
                    )}{' '}
                    {user.isYou ? <Badge colorPalette="brand">{t('table.you')}</Badge> : null}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {!mayChange(user) ? null : (
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('table.removeMember', { email: user.email })}
                        onClick={() => remove(user.id, user.email)}
                      >
                        {t('table.remove')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
              {invitations.map((invitation) => (
                <InvitationRow key={invitation.email} invitation={invitation} />
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </DataState>
      {canInvite ? (
        <>
          <form onSubmit={invite} aria-label={t('invite.form')}>
            <HStack align="end" maxW="xl" wrap="wrap">
              <FormField label={t('invite.email')} name="email" type="email" required />
              <RoleSelect grantor={myRole} label={t('invite.role')} name="role" />
              <Button type="submit" loading={sendInvite.isPending}>
                {t('invite.submit')}
              </Button>
            </HStack>
          </form>
          <Text fontSize="sm" color="fg.muted">
            {t('invite.roles')}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
