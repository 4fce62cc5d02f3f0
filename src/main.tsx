import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasStoredSession } from './api/stored-session';
import { Providers } from './app/providers';
import { AppRouter, preloadSignedInFrame } from './app/router';
import './i18n/i18n';

// Someone returning with a session opens a signed-in page: its frame is fetched now, beside the session's
// check. A failure is left to the frame's own load, which tries again.
if (hasStoredSession() && !window.location.pathname.startsWith('/auth/')) {
  preloadSignedInFrame().catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no element with id "root"');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
