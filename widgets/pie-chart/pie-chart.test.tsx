import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import PieChartWidget from './index';

describe('pie chart widget', () => {
  // nivo draws nothing in jsdom (no layout); the gallery's browser tests check the drawing itself.
  it('describes its slices by label for screen readers', () => {
    renderInApp(
      <PieChartWidget
        data={{
          slices: [
            { id: 'hvac', label: 'HVAC', value: 4 },
            { id: 'light', value: 1 },
          ],
        }}
      />,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Pie chart of HVAC, light');
  });
});
