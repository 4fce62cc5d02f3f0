import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasStoredSession } from './api/stored-session';
import { Providers } from './app/providers';
import { AppRouter, preloadSignedInFrame } from './app/router';
import './i18n/i18n';
import { preloadAmplify, readPoolConfig } from './session/amplify-setup';

// Every page restores the session, which starts with the user pool the server names: asked now, beside the
// first render, rather than once React has committed it. A failure is the session's to report (restoreSession).
readPoolConfig().catch(() => undefined);

// Someone returning with a session opens a signed-in page: its frame is fetched now, and aws-amplify set up,
// beside the session's check. A failure is left to the frame's own load and to the restore, which try again.
// A report's preview (/print/) is shown without the frame, and reads with the session alone.
const path = window.location.pathname;
if (hasStoredSession() && !path.startsWith('/auth/')) {
  if (!path.startsWith('/print/')) preloadSignedInFrame().catch(() => undefined);
  preloadAmplify();
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
