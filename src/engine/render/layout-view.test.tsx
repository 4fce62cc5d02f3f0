import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { minimalPage } from '../../../tests/fixtures/minimal-page';
import { renderInApp } from '../../../tests/render';
import { knownWidgetNames, loadDataValidators } from '../validation/compiled-validators';
import { LayoutView } from './layout-view';

// As a page from layouts/ has them, fetched with its widgets (useLayoutFile).
beforeAll(() => loadDataValidators(knownWidgetNames));

afterEach(() => vi.restoreAllMocks());

function errorCards(): HTMLElement[] {
  return screen.queryAllByTestId('error-card');
}

describe('LayoutView', () => {
  it('renders every widget of a valid page through the registry', async () => {
    const consoleError = vi.spyOn(console, 'error');
    renderInApp(<LayoutView source={{ document: minimalPage() }} origin="test" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Test page' })).toBeTruthy();
    expect(await screen.findByText('Electricity')).toBeTruthy();
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(errorCards()).toHaveLength(0);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('shows an error card with pointer and message in place of a bad widget, and renders the rest', async () => {
    const page = minimalPage();
    const widgets = (page.rows[0] as { columns: { cards: { widgets: unknown[] }[] }[] }).columns[0]?.cards[0]
      ?.widgets;
    widgets?.push({ key: 'w2', name: 'sparkline', data: {} });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInApp(<LayoutView source={{ document: page }} origin="layouts/test.json" />);

    const [card] = errorCards();
    expect(errorCards()).toHaveLength(1);
    expect(card?.dataset.pointer).toBe('/rows/0/columns/0/cards/0/widgets/1/name');
    expect(within(card as HTMLElement).getByText('This widget could not be shown')).toBeTruthy();
    expect(card?.textContent).toContain('unknown widget "sparkline"');
    expect(await screen.findByText('Electricity')).toBeTruthy();
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining(
        'Layout layouts/test.json: 1 problem(s)\n/rows/0/columns/0/cards/0/widgets/1/name: unknown widget "sparkline"',
      ),
    );
  });

  it('replaces a column with a bad span by an error card spanning the row, keeping its neighbour', async () => {
    const page = minimalPage();
    const [column] = (page.rows[0] as { columns: { span: unknown }[] }).columns;
    if (column) column.span = 5;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInApp(<LayoutView source={{ document: page }} origin="test" />);
    expect(screen.getByText('This column could not be shown')).toBeTruthy();
    expect(screen.getByText('must be one of 3, 4, 6, 8, 9, 12')).toBeTruthy();
    expect(screen.queryByText('Electricity')).toBeNull();
    expect(await screen.findByText('Hello')).toBeTruthy();
  });

  it('lists page-level problems above the page instead of showing a blank screen', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInApp(<LayoutView source={{ text: '{"title": "x",' }} origin="in the editor" />);
    const alert = await screen.findByTestId('page-issues');
    expect(alert.textContent).toContain('The layout in the editor has problems');
    expect(alert.textContent).toContain(
      '/: not valid JSON: expected a property name in double quotes at line 1, column 15',
    );
    // Logged by an effect, which may run just after the page that shows the problems is drawn.
    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(1));
  });

  it('reports a migrated document and renders it', async () => {
    const consoleInfo = vi.spyOn(console, 'info').mockImplementation(() => {});
    const legacyRows = [
      {
        key: 'r',
        columns: [
          {
            key: 'c',
            className: 'col-md-6',
            cards: [{ key: 'k', widgets: [{ key: 'w', name: 'text', data: { body: 'Old page' } }] }],
          },
        ],
      },
    ];
    renderInApp(<LayoutView source={{ document: legacyRows }} origin="old.json" />);
    expect(await screen.findByText('Old page')).toBeTruthy();
    await waitFor(() =>
      expect(consoleInfo).toHaveBeenCalledWith(expect.stringContaining('migrated from schema version 0')),
    );
  });
});
