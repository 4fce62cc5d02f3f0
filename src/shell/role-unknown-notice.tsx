import { Alert } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { sessionAtom } from '../session/session-atoms';

/**
 * Says so when the member's role could not be loaded: the screens then offer
 * only what a viewer may do, and without this the missing actions would look
 * like a change of rights.
 */
export function RoleUnknownNotice() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  if (session.status !== 'authorised' || !session.user.roleUnknown) return null;
  return (
    <Alert.Root status="warning" role="alert" mb="4">
      <Alert.Indicator />
      <Alert.Title>{t('shell.roleUnknown')}</Alert.Title>
    </Alert.Root>
  );
}
