import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import PieChartWidget from './index';

describe('pie chart widget', () => {
  // nivo draws nothing in happy-dom (no layout); the gallery's browser tests check the drawing itself.
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

  it('lists every slice under the pie with its value and share, readable in a narrow card', () => {
    renderInApp(
      <PieChartWidget
        data={{
          unit: 'kWh',
          slices: [
            { id: 'hvac', label: 'HVAC', value: 300 },
            { id: 'light', label: 'Lighting', value: 100 },
          ],
        }}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['HVAC300 kWh · 75%', 'Lighting100 kWh · 25%']);
  });
});
