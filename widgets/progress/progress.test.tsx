import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import ProgressWidget from './index';

describe('progress widget', () => {
  it('shows the value against its target', () => {
    renderInApp(<ProgressWidget data={{ label: 'Budget', value: 7450, max: 10000, unit: 'kWh' }} />);
    expect(screen.getByText('7,450 kWh of 10,000 kWh (75 %)')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('7450');
  });

  it('fills the bar but reports the real figure when past the target', () => {
    renderInApp(<ProgressWidget data={{ label: 'Budget', value: 120, max: 100, unit: 'kWh' }} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('120 kWh of 100 kWh (120 %)')).toBeTruthy();
  });

  it('shows a percentage once, without a redundant target', () => {
    renderInApp(<ProgressWidget data={{ label: 'Coverage', value: 99.2, unit: '%' }} />);
    expect(screen.getByText('99.2 %')).toBeTruthy();
  });
});
