// vitest: isolated — framer-motion reads prefers-reduced-motion once per page, so this file gets a page of its own.
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnimatedOutlet } from './route-transition';

beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

describe('page transitions for a person who asks for less motion', () => {
  it('show the page at once, without the sliding wrapper, whatever animation the settings name', () => {
    render(
      <MemoryRouter initialEntries={['/sites']}>
        <Routes>
          <Route element={<AnimatedOutlet animation="slide-fadein-up" />}>
            <Route path="/sites" element={<p>Sites page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    const page = screen.getByText('Sites page');
    // framer-motion's wrapper starts the page at opacity 0 and 24 px down; without it the page is drawn as it is.
    expect(page.parentElement?.getAttribute('style') ?? '').not.toMatch(/opacity|transform/);
  });
});
