import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AppFrame } from './app-frame';
import { AppRoot } from './app-root';
import { AuthFrame } from './auth-frame';
import { LayoutPage } from './pages/layout-page';
import { PlaygroundPage } from './pages/playground-page';
import { RequireSession } from './require-session';

/** A route that renders the page document layouts/<layout>.json. */
const layoutRoute = (path: string, layout: string, showHeading = true): RouteObject => ({
  path,
  element: <LayoutPage key={layout} path={layout} showHeading={showHeading} />,
});

/** The public pages under /auth (spec §2); their forms carry their own headings. */
const AUTH_ROUTES: RouteObject[] = [
  ['login', 'auth/login'],
  ['login/:token', 'auth/login'],
  ['register', 'auth/register'],
  ['register/:token', 'auth/register'],
  ['confirm', 'auth/confirm'],
  ['confirm/:token', 'auth/confirm'],
  ['forgot-password', 'auth/forgot-password'],
  ['forgot-passwordSubmit', 'auth/forgot-password-submit'],
  ['lockscreen', 'auth/lockscreen'],
  ['404', 'auth/404'],
  ['500', 'auth/500'],
].map(([path, layout]) => layoutRoute(path as string, layout as string, false));

/** Pages for signed-in users. */
const SIGNED_IN_ROUTES: RouteObject[] = [
  layoutRoute('/', 'home'),
  layoutRoute('/organisation', 'organisation'),
  layoutRoute('/users', 'users'),
  layoutRoute('/users/:inviteToken', 'users'),
  layoutRoute('/billing', 'billing'),
  { path: '/layouts/*', element: <LayoutPage /> },
  { path: '/playground', element: <PlaygroundPage /> },
];

export const router = createBrowserRouter([
  {
    element: <AppRoot />,
    children: [
      { path: '/auth', element: <AuthFrame />, children: AUTH_ROUTES },
      { element: <RequireSession />, children: [{ element: <AppFrame />, children: SIGNED_IN_ROUTES }] },
      { path: '*', element: <Navigate to="/auth/404" replace /> },
    ],
  },
]);
