import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '../src/app/providers';

/** Renders inside the app's providers and a router, as pages are rendered in the app; rerender keeps them. */
export function renderInApp(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </Providers>
  );
  return render(ui, { wrapper });
}
