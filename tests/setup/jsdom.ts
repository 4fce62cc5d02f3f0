import { getDefaultStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetAmplifySpies } from '../amplify-mock';
import { apiServer, resetApi } from '../api/test-server';
import { matchMediaWhere } from './match-media';

// The user pool is the tests' to answer (tests/amplify-mock.ts). Declared here, which runs before
// every file: in a shared worker a mock declared in a module imported once would hold for its
// first file only, and the next would reach the real aws-amplify.
vi.mock('aws-amplify/auth', async () => (await import('../amplify-mock')).auth);
vi.mock('aws-amplify', async () => (await import('../amplify-mock')).amplify);
resetAmplifySpies();

// Tests of the DOM run in jsdom; a few (generated files) run in plain Node and need none of this.
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy and waitFor give up after 1 s by default; on a busy two-core CI machine a widget's
  // lazy chunk and a deferred render can take longer than that, and a wait that fails only then
  // says nothing about the widget.
  configure({ asyncUtilTimeout: 5_000 });

  // Chakra's Tabs, Menu and other measured parts expect these browser APIs, which jsdom lacks.
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  window.matchMedia ??= matchMediaWhere(() => false);
  // jsdom has no CSS namespace; Chakra's dialog focus trap escapes ids with CSS.escape when the
  // dialog's content changes, and threw from a MutationObserver after the test that caused it.
  globalThis.CSS ??= {
    escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`),
  } as unknown as typeof CSS;

  // The files share their worker's modules, and jotai's default store with them: each file starts with the
  // state a newly opened page has. (A sign-up one file's register form left pending had another file's
  // confirmation sign in instead of going to the login page.)
  const { inviteTokenAtom, pendingSignUpAtom, sessionAtom } = await import('../../src/session/session-atoms');
  const { settingsAtom } = await import('../../src/settings/settings-atoms');
  const { readSettings } = await import('../../src/settings/settings');
  const store = getDefaultStore();
  store.set(sessionAtom, { status: 'loading' });
  store.set(pendingSignUpAtom, null);
  store.set(inviteTokenAtom, RESET);
  store.set(settingsAtom, readSettings(window.localStorage, ''));

  // The app's toasts live in one store for the page's life: each test starts with none shown.
  const { toaster } = await import('../../src/ui/toast-store');
  afterEach(() => {
    cleanup();
    toaster.remove();
  });
}

// Widgets read the API through MSW (tests/api/test-server.ts): a request no test answered fails it.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  const strayed = resetApi();
  if (strayed.length > 0) throw new Error(`The API was used off its contracts:\n${strayed.join('\n')}`);
});
afterAll(() => apiServer.close());

// Components translate their text; tests read the English strings.
const { i18next, addWidgetText, widgetNamespaces } = await import('../../src/i18n/i18n');
addWidgetText((await import('../../widgets/registry')).loadWidgetText);
await i18next.loadNamespaces(await widgetNamespaces());
