import { Box } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { whenUnauthorised } from '../api/client';
import { i18next } from '../i18n/i18n';
import { applyLocaleFonts } from '../i18n/locale-fonts';
import { useAccountActions } from '../session/account-actions';
import { applyTheme } from '../settings/apply-theme';
import { settingsAtom } from '../settings/settings-atoms';
import { Toaster } from '../ui/toaster';

/**
 * The root of every route: applies the theme and language, restores the
 * session once, logs out on any 401/403, shows notifications, and holds the
 * page while a part of it loads.
 */
export function AppRoot() {
  const actions = useAccountActions();
  const { restoreSession, logout } = actions;
  const settings = useAtomValue(settingsAtom);
  const { locale } = settings;
  // Every page, the sign-in pages too, in the chosen theme.
  useEffect(() => applyTheme(settings), [settings]);
  useEffect(() => {
    i18next.changeLanguage(locale);
    document.documentElement.lang = locale;
    applyLocaleFonts(locale);
  }, [locale]);
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
      {/* A page waiting for a part that loads on demand (the signed-in frame, the playground): on a
          navigation the page before stays until it is there; otherwise nothing shows, marked busy. */}
      <Suspense fallback={<Box aria-busy="true" data-testid="app-loading" />}>
        <Outlet />
      </Suspense>
      <Toaster />
    </>
  );
}
