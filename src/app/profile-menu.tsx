import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../generated/api-client';
import { useAccountActions } from '../session/account-actions';
import { sessionAtom } from '../session/session-atoms';
import { ProfileDialog } from '../ui/profile-dialog';

/** The top bar's profile dropdown: greeting, plan, role, e-mail, Edit Profile and Logout (spec §2). */
export function ProfileMenu() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const { logout } = useAccountActions();
  const [editing, setEditing] = useState(false);
  const phone = usePhone(session.status === 'authorised' ? session.user.id : undefined, editing);
  if (session.status !== 'authorised') return null;
  const { user } = session;
  return (
    <>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" aria-label={t('profile.menu', { name: user.name })}>
            {user.name}
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="56">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{t('profile.hello', { name: user.name })}</Menu.ItemGroupLabel>
                <Text px="2" fontSize="sm">
                  {t('profile.plan', { plan: user.subscription?.planName ?? t('profile.noPlan') })}
                </Text>
                <Text px="2" fontSize="sm">
                  {t('profile.role', { role: user.role })}
                </Text>
                <Text px="2" fontSize="sm" color="fg.muted">
                  {user.email}
                </Text>
                {phone.status === 'failed' ? (
                  <Text px="2" pb="2" fontSize="sm" color="fg.error" role="alert">
                    {t('profile.loadFailed', { message: phone.message })}
                  </Text>
                ) : (
                  <Text px="2" pb="2" fontSize="sm" color="fg.muted" data-testid="profile-phone">
                    {phone.status === 'loaded' ? (phone.phone ?? '') : ''}
                  </Text>
                )}
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.Item value="edit-profile" onSelect={() => setEditing(true)}>
                {t('profile.editProfile')}
              </Menu.Item>
              <Menu.Item value="logout" onSelect={() => logout()}>
                {t('profile.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ProfileDialog open={editing} user={user} onClose={() => setEditing(false)} />
    </>
  );
}

type PhoneState =
  | { status: 'loading' }
  | { status: 'loaded'; phone: string | null }
  | { status: 'failed'; message: string };

/**
 * The user's phone number from their profile, read again after the profile
 * dialog closes. A failed read is said, not shown as having no number.
 */
function usePhone(userId: string | undefined, editing: boolean): PhoneState {
  const [phone, setPhone] = useState<PhoneState>({ status: 'loading' });
  useEffect(() => {
    if (!userId || editing) return;
    api.getProfile({ user_id: userId }).then(
      ([profile]) => setPhone({ status: 'loaded', phone: profile?.phone_number ?? null }),
      (error: Error) => setPhone({ status: 'failed', message: error.message }),
    );
  }, [userId, editing]);
  return phone;
}
