import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import {
  DEMO_ROUTES,
  REPORT_EDITOR_PATH,
  STORED_PAGE_EDITOR_PATH,
  STORED_PAGE_PATH,
} from '../layouts/page-paths';
import { PRODUCT_ROUTES } from '../layouts/product-routes';
import { AppRoot } from './app-root';
import { AuthFrame } from './auth-frame';
import { appChunk } from './chunk';
import { LayoutPage } from './pages/layout-page';
import { RequireSession } from './require-session';

/**
 * The signed-in frame (menus, top bar, panels, the tour, page transitions,
 * the data cache) comes as a chunk of its own once someone is signed in: the
 * public pages load without it. While it or the playground loads, AppRoot
 * holds the page.
 */
const signedInFrame = appChunk(() => import('./signed-in-frame'));
const SignedInFrame = signedInFrame.component((frame) => frame.SignedInFrame);
/**
 * The organisation's stored pages come with the signed-in frame's chunk, which any signed-in page loads
 * anyway: the sign-in pages load without them, and no chunk of their own splits the first load further.
 */
const StoredPage = signedInFrame.component((frame) => frame.StoredPage);
const OrganisationDashboardPage = signedInFrame.component((frame) => frame.OrganisationDashboardPage);

/**
 * A returning visitor with a session opens a signed-in page: the frame is fetched beside the session's
 * check (main.tsx) rather than after it, and then shows without waiting.
 */
export const preloadSignedInFrame = signedInFrame.preload;
const PlaygroundPage = lazy(async () => ({
  default: (await import('./pages/playground-page')).PlaygroundPage,
}));
/** The layout editor comes with its own chunk (CodeMirror, the grid, the forms): only editors open it. */
const EditStoredPage = lazy(async () => ({
  default: (await import('./pages/edit-stored-page')).EditStoredPage,
}));
const EditReportPage = lazy(async () => ({
  default: (await import('./pages/edit-report-page')).EditReportPage,
}));

/**
 * A report's run as the renderer prints it: a chunk of its own, outside the app's frame and session. The
 * renderer opens it directly, so main.tsx fetches it beside the app's own code and renders once it is there:
 * nothing suspends, and React's 300 ms reveal throttle is not paid for every printed report.
 */
const reportPrintChunk = appChunk(() => import('./pages/report-print-page'));
const ReportPrintPage = reportPrintChunk.component((page) => page.ReportPrintPage);
export const preloadReportPrintPage = reportPrintChunk.preload;

/** A route that renders the page document layouts/<layout>.json. */
const layoutRoute = (path: string, layout: string, showHeading = true): RouteObject => ({
  path,
  element: <LayoutPage key={layout} path={layout} showHeading={showHeading} />,
});

/** The public pages under /auth (spec §2); their widgets carry their own headings, in the user's language. */
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

/** Pages for signed-in users: every product route, then the template's demo pages and the layout tools. */
const SIGNED_IN_ROUTES: RouteObject[] = [
  { path: '/', element: <Navigate to="/sites" replace /> },
  ...PRODUCT_ROUTES.map(({ path, layout, stored }) =>
    stored
      ? { path, element: <OrganisationDashboardPage key={layout} template={layout} /> }
      : layoutRoute(path, layout),
  ),
  ...DEMO_ROUTES.map(({ path, layout }) => layoutRoute(path, layout)),
  { path: STORED_PAGE_PATH, element: <StoredPage /> },
  { path: STORED_PAGE_EDITOR_PATH, element: <EditStoredPage /> },
  { path: REPORT_EDITOR_PATH, element: <EditReportPage /> },
  { path: '/layouts/*', element: <LayoutPage /> },
  { path: '/playground', element: <PlaygroundPage /> },
];

const signedInShell: RouteObject = { element: <SignedInFrame />, children: SIGNED_IN_ROUTES };

const ROUTES: RouteObject[] = [
  {
    path: '/print/report/:reportId',
    element: (
      <Suspense fallback={null}>
        <ReportPrintPage />
      </Suspense>
    ),
  },
  {
    element: <AppRoot />,
    children: [
      { path: '/auth', element: <AuthFrame />, children: AUTH_ROUTES },
      { element: <RequireSession />, children: [signedInShell] },
      { path: '*', element: <Navigate to="/auth/404" replace /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(ROUTES);
}

/**
 * The app's routes in the browser's address. A declarative router: the pages
 * read the address and navigate, and load nothing through the router, so its
 * data APIs (loaders, actions, fetchers), half of React Router's script on
 * every first load, are left out.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
