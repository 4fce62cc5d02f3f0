import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import TableWidget from './index';
import { sortRows } from './sort-rows';

const columns = [
  { key: 'site', title: 'Site' },
  { key: 'kwh', title: 'Consumption', format: 'number' as const, unit: 'kWh' },
];
const rows = [
  { site: 'Lab', kwh: 12990 },
  { site: 'Shop', kwh: null },
  { site: 'Head office', kwh: 48210 },
  { site: 'Depot', kwh: 8050 },
];

function firstColumn(): string[] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('table widget', () => {
  it('sorts by a column when its heading is clicked, and reverses on a second click', () => {
    renderInApp(<TableWidget data={{ columns, rows }} />);
    fireEvent.click(screen.getByRole('button', { name: /Consumption/ }));
    expect(firstColumn()).toEqual(['Depot', 'Lab', 'Head office', 'Shop']);
    expect(screen.getAllByRole('columnheader')[1]?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Consumption/ }));
    expect(firstColumn()).toEqual(['Head office', 'Lab', 'Depot', 'Shop']);
  });

  it('pages through rows and says where it is', () => {
    renderInApp(<TableWidget data={{ columns, rows, pageSize: 3, sort: { key: 'site' } }} />);
    expect(firstColumn()).toEqual(['Depot', 'Head office', 'Lab']);
    expect(screen.getByText('Page 1 of 2 · 4 rows')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(firstColumn()).toEqual(['Shop']);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('formats numbers and shows a dash for a missing value', () => {
    renderInApp(<TableWidget data={{ columns, rows: [{ site: 'Shop', kwh: null }] }} />);
    expect(screen.getByText('Consumption (kWh)')).toBeTruthy();
    expect(screen.getAllByRole('cell')[1]?.textContent).toBe('–');
  });

  it('says so when there are no rows', () => {
    renderInApp(<TableWidget data={{ columns, rows: [], emptyText: 'No data points yet' }} />);
    expect(screen.getByText('No data points yet')).toBeTruthy();
  });
});

describe('sortRows', () => {
  it('puts empty cells last in both directions and compares text naturally', () => {
    const data = [{ name: 'M10' }, { name: null }, { name: 'M2' }, { name: '' }];
    expect(sortRows(data, 'name', 'asc').map((row) => row.name)).toEqual(['M2', 'M10', null, '']);
    expect(sortRows(data, 'name', 'desc').map((row) => row.name)).toEqual(['M10', 'M2', null, '']);
  });
});
