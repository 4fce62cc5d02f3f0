import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import StateWidget from './index';

describe('state widget', () => {
  it('announces an error as an alert', () => {
    renderInApp(<StateWidget data={{ kind: 'error', title: 'Readings could not be loaded' }} />);
    expect(screen.getByRole('alert').textContent).toContain('Readings could not be loaded');
  });

  it('marks loading as busy, and offers the action that fixes an empty state', () => {
    const { unmount } = renderInApp(<StateWidget data={{ kind: 'loading', title: 'Loading readings' }} />);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    unmount();
    renderInApp(
      <StateWidget
        data={{
          kind: 'empty',
          title: 'No data feeds yet',
          action: { label: 'Onboard', href: '/devices/onboard' },
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Onboard' }).getAttribute('href')).toBe('/devices/onboard');
  });
});
