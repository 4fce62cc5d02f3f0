import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import StatWidget from './index';

describe('stat widget', () => {
  it('shows the value with its unit and precision', () => {
    renderInApp(<StatWidget data={{ label: 'Peak demand', value: 312.74, unit: 'kW', precision: 1 }} />);
    expect(screen.getByText('Peak demand')).toBeTruthy();
    expect(screen.getByText('312.7')).toBeTruthy();
    expect(screen.getByText('kW')).toBeTruthy();
  });

  it('shows a dash, not zero, when there is no value', () => {
    renderInApp(<StatWidget data={{ label: 'CO₂ today', value: null, unit: 'kg' }} />);
    expect(screen.getByText('–')).toBeTruthy();
    expect(screen.queryByText('kg')).toBeNull();
  });

  it('marks a fall as good news when down is good, and a rise as bad', () => {
    const { unmount } = renderInApp(
      <StatWidget
        data={{
          label: 'Use',
          value: 1,
          change: { percent: -6.4, period: 'vs last month', goodWhen: 'down' },
        }}
      />,
    );
    expect(screen.getByTestId('stat-change').textContent).toContain('down 6.4 %');
    expect(screen.getByTestId('stat-change').dataset.good).toBe('true');
    unmount();
    renderInApp(<StatWidget data={{ label: 'Use', value: 1, change: { percent: 3, goodWhen: 'down' } }} />);
    expect(screen.getByTestId('stat-change').textContent).toContain('up 3.0 %');
    expect(screen.getByTestId('stat-change').dataset.good).toBe('false');
  });
});
