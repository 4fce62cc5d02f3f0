import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../generated/api-client';
import { useAccountActions } from '../session/account-actions';
import { sessionAtom } from '../session/session-atoms';

// The dialog brings the phone number rules (libphonenumber's metadata): loaded when someone edits their profile.
const ProfileDialog = lazy(async () => ({ default: (await import('../ui/profile-dialog')).ProfileDialog }));

/** The top bar's profile dropdown: greeting, plan, role, e-mail, Edit Profile and Logout (spec §2). */
export function ProfileMenu() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const { logout } = useAccountActions();
  const [editing, setEditing] = useState(false);
  const profile = useProfile(session.status === 'authorised' ? session.user.id : undefined, editing);
  if (session.status !== 'authorised') return null;
  const { user } = session;
  return (
    <>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" aria-label={t('profile.menu', { name: user.name })} minW="0">
            <Avatar.Root size="2xs">
              {/* A figure, not initials: the button's visible text must be its name's start (WCAG 2.5.3). */}
              <Avatar.Fallback />
              {profile.status === 'loaded' && profile.image ? (
                <Avatar.Image src={`/files/${profile.image}`} alt="" data-testid="profile-avatar" />
              ) : null}
            </Avatar.Root>
            <Text as="span" truncate maxW="40" hideBelow="sm">
              {user.name}
            </Text>
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
                {profile.status === 'failed' ? (
                  <Text px="2" pb="2" fontSize="sm" color="fg.error" role="alert">
                    {t('profile.loadFailed', { message: profile.message })}
                  </Text>
                ) : (
                  <Text px="2" pb="2" fontSize="sm" color="fg.muted" data-testid="profile-phone">
                    {profile.status === 'loaded' ? (profile.phone ?? '') : ''}
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
      {editing ? (
        <Suspense fallback={null}>
          <ProfileDialog open user={user} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

type ProfileState =
  | { status: 'loading' }
  | { status: 'loaded'; phone: string | null; image: string | null }
  | { status: 'failed'; message: string };

/**
 * The user's phone number and photo from their profile, read again after the
 * profile dialog closes. A failed read is said, not shown as having no number.
 */
function useProfile(userId: string | undefined, editing: boolean): ProfileState {
  const [profile, setProfile] = useState<ProfileState>({ status: 'loading' });
  useEffect(() => {
    if (!userId || editing) return;
    api.getProfile({ user_id: userId }).then(
      ([row]) =>
        setProfile({ status: 'loaded', phone: row?.phone_number ?? null, image: row?.image ?? null }),
      (error: Error) => setProfile({ status: 'failed', message: error.message }),
    );
  }, [userId, editing]);
  return profile;
}
