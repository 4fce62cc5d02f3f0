import { wantWidgetWords } from '../i18n/i18n';
import { AppShell } from '../shell/app-shell';
import { SessionData } from './session-data';

// The stored pages' routes load them from here (router.tsx): in this chunk, not the sign-in pages'.
export { OrganisationDashboardPage } from './pages/organisation-dashboard-page';
export { StoredPage } from './pages/stored-page';

// The signed-in pages' widgets speak words of their own: where those are is fetched with the frame, beside
// the first page, not after its first widget asks (the sign-in pages load without the list).
wantWidgetWords();

/** What the signed-in pages render in: the shell, and the data cache they read through. */
export function SignedInFrame() {
  return (
    <SessionData>
      <AppShell />
    </SessionData>
  );
}
