import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasStoredSession } from './api/stored-session';
import { Providers } from './app/providers';
import { AppRouter, preloadReportPrintPage, preloadSignedInFrame } from './app/router';
import './i18n/i18n';
import { preloadAmplify, readPoolConfig } from './session/amplify-setup';

// Every page restores the session, which starts with the user pool the server names: asked now, beside the
// first render, rather than once React has committed it. A failure is the session's to report (restoreSession).
readPoolConfig().catch(() => undefined);

// Someone returning with a session opens a signed-in page: its frame is fetched now, and aws-amplify set up,
// beside the session's check. A failure is left to the frame's own load and to the restore, which try again.
// A report's preview (/print/) is shown without the frame, and reads with the session alone.
const path = window.location.pathname;
const printing = path.startsWith('/print/');
if (hasStoredSession() && !path.startsWith('/auth/')) {
  if (!printing) preloadSignedInFrame().catch(() => undefined);
  preloadAmplify();
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no element with id "root"');
const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );

// A report's print page is the one thing the renderer's Chromium opens: drawn once its chunk is here, it
// shows whole at once. Should the chunk fail, the page renders anyway and its Suspense tries again.
if (printing) preloadReportPrintPage().then(render, render);
else render();
