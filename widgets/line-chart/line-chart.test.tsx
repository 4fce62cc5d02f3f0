import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import { CANVAS_THRESHOLD } from '../shared/nivo-series';
import LineChartWidget from './index';

const HOUR = 3_600_000;

/** One series of `count` hourly readings. */
function hourly(id: string, count: number): { id: string; points: [number, number][] } {
  return {
    id,
    points: Array.from({ length: count }, (_, index) => [index * HOUR, index] as [number, number]),
  };
}

describe('line chart widget', () => {
  // nivo draws nothing in happy-dom (no layout); the gallery's browser tests check the drawing itself.
  it('names its series, by label where they have one, and its unit for screen readers', () => {
    renderInApp(
      <LineChartWidget
        data={{ unit: 'kWh', series: [{ ...hourly('main', 3), label: 'Main meter' }, hourly('hvac', 3)] }}
      />,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Line chart of Main meter, hvac in kWh');
  });

  it('draws a few thousand points with SVG and more on a canvas, unless told which', () => {
    const { unmount } = renderInApp(
      <LineChartWidget data={{ series: [hourly('main', CANVAS_THRESHOLD)] }} />,
    );
    expect(screen.getByRole('img').getAttribute('data-renderer')).toBe('svg');
    unmount();
    const many = renderInApp(<LineChartWidget data={{ series: [hourly('main', CANVAS_THRESHOLD + 1)] }} />);
    expect(screen.getByRole('img').getAttribute('data-renderer')).toBe('canvas');
    many.unmount();
    renderInApp(<LineChartWidget data={{ series: [hourly('main', 10)], renderer: 'canvas' }} />);
    expect(screen.getByRole('img').getAttribute('data-renderer')).toBe('canvas');
  });
});
