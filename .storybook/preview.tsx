import type { Preview } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Providers } from '../src/app/providers';
import { createQueryClient } from '../src/data/query-client';
import type { EndpointName } from '../src/generated/api-contracts';
import { i18next, widgetNamespaces } from '../src/i18n/i18n';
import { failWith } from '../tests/api/answers';
import { gallerySessionStore } from '../tests/api/gallery-session';
import { beginStory, startGalleryWorker } from '../tests/api/gallery-worker';

/** A failure shows at once instead of after retries; a story shows one state, not a sequence. */
const queryClient = createQueryClient({ retry: false });
/** Signed in as the examples' member, as on the dashboard. */
const session = gallerySessionStore();

const preview: Preview = {
  decorators: [
    (Story, { parameters }) => {
      // A story may put its widget at an address (x-gallery-route), for a widget that reads the page's.
      const route = parameters.route as { path: string; at: string } | undefined;
      return (
        <JotaiProvider store={session}>
          <Providers>
            <QueryClientProvider client={queryClient}>
              <MemoryRouter initialEntries={[route?.at ?? '/']}>
                <Routes>
                  <Route path={route?.path ?? '*'} element={<Story />} />
                </Routes>
              </MemoryRouter>
            </QueryClientProvider>
          </Providers>
        </JotaiProvider>
      );
    },
  ],
  // The gallery's API answers every endpoint with its contract's example (tests/api/gallery-worker.ts);
  // a story's parameters.msw.handlers answer before them.
  // Widgets' English words are there before a story renders, as a play reads them at once.
  loaders: [mswLoader(startGalleryWorker), async () => i18next.loadNamespaces(await widgetNamespaces())],
  beforeEach: ({ globals }) => {
    // Each story fetches afresh: one story's answers are not another's.
    queryClient.clear();
    // `&globals=brokenEndpoint:<name>` makes one endpoint answer 500, to see which stories notice.
    const broken = globals.brokenEndpoint as EndpointName | undefined;
    beginStory(broken ? [failWith(broken, 500)] : []);
  },
  // Storybook takes a global from the address only when it is declared.
  initialGlobals: { brokenEndpoint: '' },
  globalTypes: {
    brokenEndpoint: { description: 'An endpoint that answers 500, to see which stories notice' },
  },
  parameters: { layout: 'padded' },
};

export default preview;
