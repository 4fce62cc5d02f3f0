import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { whenUnauthorised } from '../api/client';
import { useAccountActions } from '../session/account-actions';
import { Toaster } from '../ui/toaster';

/** The root of every route: restores the session once, logs out on any 401/403, shows notifications. */
export function AppRoot() {
  const actions = useAccountActions();
  const { restoreSession, logout } = actions;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session is restored once, when the app starts.
  useEffect(() => {
    restoreSession();
  }, []);
  useEffect(() => {
    whenUnauthorised(() => {
      logout();
    });
  }, [logout]);
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
