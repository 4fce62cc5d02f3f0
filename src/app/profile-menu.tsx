import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useAccountActions } from '../session/account-actions';
import { sessionAtom } from '../session/session-atoms';
import { ProfileDialog } from '../ui/profile-dialog';

/** The top bar's profile dropdown: greeting, plan, role, e-mail, Edit Profile and Logout (spec §2). */
export function ProfileMenu() {
  const session = useAtomValue(sessionAtom);
  const { logout } = useAccountActions();
  const [editing, setEditing] = useState(false);
  if (session.status !== 'authorised') return null;
  const { user } = session;
  return (
    <>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" aria-label={`${user.name}, profile menu`}>
            {user.name}
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="56">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>Hello, {user.name}</Menu.ItemGroupLabel>
                <Text px="2" fontSize="sm">
                  Plan: {user.subscription?.planName ?? 'none'}
                </Text>
                <Text px="2" fontSize="sm">
                  Role: {user.role}
                </Text>
                <Text px="2" pb="2" fontSize="sm" color="fg.muted">
                  {user.email}
                </Text>
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.Item value="edit-profile" onSelect={() => setEditing(true)}>
                Edit Profile
              </Menu.Item>
              <Menu.Item value="logout" onSelect={() => logout()}>
                Logout
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ProfileDialog open={editing} user={user} onClose={() => setEditing(false)} />
    </>
  );
}
