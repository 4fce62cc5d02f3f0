import { Badge, Button, HStack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { MEMBERS_READ } from '../../src/data/members';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { api } from '../../src/generated/api-client';
import type { GetUsersResponse } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { formatDate } from '../shared/format';

type Invitation = GetUsersResponse['invitations'][number];

/**
 * An invitation nobody has accepted: whether its link still works and until
 * when, and for an admin, sending it again (a new link for another week, the
 * old one revoked) or revoking it.
 */
export function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('users-panel');
  const canResend = useCan('sendUserInvite');
  const canRevoke = useCan('revokeUserInvite');
  const sendAgain = useScreenMutation(api.sendUserInvite, [MEMBERS_READ]);
  const revokeInvite = useScreenMutation(api.revokeUserInvite, [MEMBERS_READ]);
  const busy = sendAgain.isPending || revokeInvite.isPending;
  const expired = Date.parse(invitation.expiresAt) <= Date.now();
  const resend = () =>
    sendAgain.mutate(
      { email: invitation.email, role: invitation.role },
      {
        onSuccess: (sent) => notify.success(t('invitation.resent', { email: sent.email })),
        onError: (error) => notify.warning(error.message),
      },
    );
  const revoke = () => {
    if (!window.confirm(t('invitation.revokeQuestion', { email: invitation.email }))) return;
    revokeInvite.mutate(
      { email: invitation.email },
      {
        onSuccess: (revoked) => notify.success(t('invitation.revoked', { email: revoked.email })),
        onError: (error) => notify.warning(error.message),
      },
    );
  };
  return (
    <Table.Row color="fg.muted" data-testid="invitation">
      <Table.Cell>
        <Badge colorPalette={expired ? 'red' : 'orange'} variant="subtle">
          {expired ? t('invitation.expired') : t('invitation.invited')}
        </Badge>
      </Table.Cell>
      <Table.Cell>{invitation.email}</Table.Cell>
      <Table.Cell>
        {t(expired ? 'invitation.expiredOn' : 'invitation.until', {
          role: t(`roles.${invitation.role}`),
          date: formatDate(invitation.expiresAt, false),
        })}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack justify="end" gap="1">
          {canResend ? (
            <Button
              size="xs"
              variant="ghost"
              loading={busy}
              aria-label={t('invitation.sendAgainTo', { email: invitation.email })}
              onClick={resend}
            >
              {t('invitation.sendAgain')}
            </Button>
          ) : null}
          {canRevoke ? (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              disabled={busy}
              aria-label={t('invitation.revokeTo', { email: invitation.email })}
              onClick={revoke}
            >
              {t('invitation.revoke')}
            </Button>
          ) : null}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
