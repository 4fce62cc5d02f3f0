import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../data/profile';
import { useAccountActions } from '../session/account-actions';
import { type CurrentUser, sessionAtom } from '../session/session-atoms';
import { fromQuery } from '../ui/data-state';

// The dialog brings the phone number rules (libphonenumber's metadata): loaded when someone edits their profile.
const ProfileDialog = lazy(async () => ({ default: (await import('../ui/profile-dialog')).ProfileDialog }));

/** The top bar's profile dropdown: greeting, plan, role, e-mail, Edit Profile and Logout (spec §2). */
export function ProfileMenu() {
  const session = useAtomValue(sessionAtom);
  return session.status === 'authorised' ? <SignedInProfileMenu user={session.user} /> : null;
}

/**
 * The menu of the signed-in person, with the phone number and photo of their
 * profile: a failed read is said, not shown as having no number; a saved
 * profile shows at once (the dialog's save asks the profile again).
 */
function SignedInProfileMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { logout } = useAccountActions();
  const [editing, setEditing] = useState(false);
  const profile = fromQuery(useProfile(user.id));
  const stored = profile.status === 'loaded' ? profile.data : null;
  return (
    <>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" aria-label={t('profile.menu', { name: user.name })} minW="0">
            <Avatar.Root size="2xs">
              {/* A figure, not initials: the button's visible text must be its name's start (WCAG 2.5.3). */}
              <Avatar.Fallback />
              {stored?.image ? (
                <Avatar.Image src={`/files/${stored.image}`} alt="" data-testid="profile-avatar" />
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
                    {stored?.phone_number ?? ''}
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
          <ProfileDialog user={user} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
