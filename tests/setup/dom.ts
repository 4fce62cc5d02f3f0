import { getDefaultStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetAmplifySpies } from '../amplify-mock';
import { apiServer, resetApi } from '../api/test-server';

// The user pool is the tests' to answer (tests/amplify-mock.ts). Declared here, which runs before
// every file: in a shared worker a mock declared in a module imported once would hold for its
// first file only, and the next would reach the real aws-amplify.
vi.mock('aws-amplify/auth', async () => (await import('../amplify-mock')).auth);
vi.mock('aws-amplify', async () => (await import('../amplify-mock')).amplify);
resetAmplifySpies();

// Tests of the DOM run in happy-dom; a few (generated files) run in plain Node and need none of this.
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy and waitFor give up after 1 s by default; on a busy two-core CI machine a widget's
  // lazy chunk and a deferred render can take longer than that, and a wait that fails only then
  // says nothing about the widget.
  configure({ asyncUtilTimeout: 5_000 });

  // happy-dom has no window.confirm: a page that asks must be answered by its test
  // (vi.spyOn(window, 'confirm')), and one that asks unanswered fails it, saying so.
  window.confirm = () => {
    throw new Error("window.confirm was asked and no test answered it: vi.spyOn(window, 'confirm')");
  };
  answerDatalistsByIdAlone();

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

/**
 * happy-dom finds an input's datalist with the selector `datalist#<id>`,
 * unescaped, and every attribute set on an input reads it: an id with a
 * slash, as the props form's are (a JSON pointer), threw a selector error
 * from setAttribute. Found by id, as the HTML standard says.
 */
function answerDatalistsByIdAlone(): void {
  let prototype: object | null = Object.getPrototypeOf(document.createElement('input'));
  while (prototype && !Object.hasOwn(prototype, 'list')) prototype = Object.getPrototypeOf(prototype);
  if (!prototype) return;
  Object.defineProperty(prototype, 'list', {
    configurable: true,
    get(this: HTMLInputElement) {
      const id = this.getAttribute('list');
      const found = id ? this.ownerDocument.getElementById(id) : null;
      return found instanceof HTMLDataListElement ? found : null;
    },
  });
}
