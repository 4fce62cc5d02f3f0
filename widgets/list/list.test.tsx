import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import ListWidget from './index';

describe('list widget', () => {
  it('numbers an ordered list and shows values with units', () => {
    renderInApp(
      <ListWidget
        data={{
          ordered: true,
          items: [
            { title: 'Chiller 2', value: 1820, unit: 'kWh' },
            { title: 'Lighting L3', value: 940, unit: 'kWh' },
          ],
        }}
      />,
    );
    expect(screen.getByRole('list').tagName).toBe('OL');
    expect(screen.getByText('2.')).toBeTruthy();
    expect(screen.getByText('1,820 kWh')).toBeTruthy();
  });

  it('links items inside the app without reloading, and shows the empty text when empty', () => {
    const { unmount } = renderInApp(
      <ListWidget data={{ items: [{ title: 'Meters', href: '/devices/all' }] }} />,
    );
    expect(screen.getByRole('link', { name: 'Meters' }).getAttribute('href')).toBe('/devices/all');
    unmount();
    renderInApp(<ListWidget data={{ items: [], emptyText: 'All clear' }} />);
    expect(screen.getByText('All clear')).toBeTruthy();
  });
});
