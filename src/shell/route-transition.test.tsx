import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMediaWhere } from '../../tests/setup/match-media';
import { LESS_MOTION_QUERY } from '../ui/use-media';
import { AnimatedOutlet } from './route-transition';

const ownMatchMedia = window.matchMedia;

beforeAll(() => {
  window.matchMedia = matchMediaWhere((query) => query === LESS_MOTION_QUERY);
});

afterAll(() => {
  window.matchMedia = ownMatchMedia;
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
