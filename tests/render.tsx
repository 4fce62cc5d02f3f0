import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Providers } from '../src/app/providers';
import { createQueryClient } from '../src/data/query-client';
import { ToastRegion } from '../src/ui/toast-region';

/** Shows where the app navigated to, for tests to read. */
function CurrentLocation() {
  const location = useLocation();
  return (
    <span data-testid="location" hidden>
      {location.pathname}
    </span>
  );
}

interface RenderOptions {
  /** The address the app is at. */
  route?: string;
  /** A route pattern for the element, so it can read its parameters (e.g. "/auth/register/:token"). */
  path?: string;
}

/**
 * Renders inside the app's providers, a data cache and a router, as pages are
 * rendered in the app, with the notifications (their region in place, as after
 * the first press in the app) and the current path on screen; rerender keeps
 * them, and the data cache.
 */
export function renderInApp(ui: ReactElement, { route = '/', path }: RenderOptions = {}) {
  // A cache per render: nothing one test fetched answers the next; a failure shows at once, without retries.
  const queryClient = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={children} />
              <Route path="*" element={null} />
            </Routes>
          ) : (
            children
          )}
          <CurrentLocation />
          <ToastRegion />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>
  );
  return render(ui, { wrapper });
}
