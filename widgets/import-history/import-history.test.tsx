import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORTS_REFRESH_MS as REFRESH_MS } from '../../src/data/imports';
import type { GetUserDataImportResponse } from '../../src/generated/api-types';
import { i18next } from '../../src/i18n/i18n';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import ImportHistory, { formatDuration } from './index';

afterEach(() => {
  vi.clearAllMocks();
});

type ImportRecord = GetUserDataImportResponse['imports'][number];

const entry = (changes: Partial<ImportRecord>): ImportRecord => ({
  id: 1,
  fileId: 1,
  fileName: 'readings.csv',
  source: 'csv',
  status: 'done',
  skipBadRows: false,
  rowsTotal: 100,
  rowsImported: 100,
  rowsSkipped: 0,
  progress: 1,
  problems: [],
  message: 'Imported 100 readings into 2 data points.',
  suspiciousSteps: { count: 0, first: null },
  startedAt: '2026-11-20T10:00:00Z',
  finishedAt: '2026-11-20T10:00:04Z',
  ...changes,
});

const history = [
  entry({
    id: 4,
    fileName: 'big.xlsx',
    source: 'xlsx',
    status: 'running',
    progress: 0.42,
    rowsImported: 42,
    finishedAt: null,
    message: null,
  }),
  entry({ id: 3, fileName: 'nightly.csv', source: 'sftp' }),
  entry({
    id: 2,
    fileName: 'broken.csv',
    status: 'failed',
    rowsImported: 0,
    problems: [
      { row: 7, column: 'Time', reason: "'31/02/2024' is not a date" },
      { row: 9, column: 'kWh', reason: 'the value is empty' },
    ],
    message: 'Nothing was imported: 2 rows have problems. Fix them, or import again skipping bad rows.',
  }),
  entry({
    id: 1,
    fileName: 'cut.csv',
    status: 'interrupted',
    rowsImported: 0,
    message: 'The server restarted during the import; nothing was stored. Import the file again.',
  }),
];

describe('import history', () => {
  it('lists imports with their source, status, rows, duration and message', async () => {
    useApi(answer('getUserDataImport', { imports: history }));
    renderInApp(<ImportHistory data={{}} />);
    expect(await screen.findByText('big.xlsx')).toBeTruthy();
    expect(screen.getAllByTestId('import-status').map((badge) => badge.textContent)).toEqual([
      'running 42 %',
      'done',
      'failed',
      'interrupted',
    ]);
    const rows = screen.getAllByTestId('import-row');
    expect(within(rows[0] as HTMLElement).getByText('Excel upload')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('SFTP drop folder')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('4.0 s')).toBeTruthy();
    expect(screen.getByText(/^Nothing was imported: 2 rows have problems/)).toBeTruthy();
    expect(screen.getByText(/^The server restarted during the import/)).toBeTruthy();
  });

  it('opens and closes the problems of an import', async () => {
    useApi(answer('getUserDataImport', { imports: history.slice(1) }));
    renderInApp(<ImportHistory data={{}} />);
    const toggle = await screen.findByRole('button', { name: 'Show 2 problems' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText("'31/02/2024' is not a date")).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByText("'31/02/2024' is not a date")).toBeTruthy();
    expect(screen.getByText('the value is empty')).toBeTruthy();
    const hide = screen.getByRole('button', { name: 'Hide problems' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(hide.getAttribute('aria-controls') ?? '')).toBeTruthy();
    fireEvent.click(hide);
    expect(screen.queryByText("'31/02/2024' is not a date")).toBeNull();
  });

  it('loads again while an import is running, and stops once none is', async () => {
    let answers = 0;
    const running = history[0] as ImportRecord;
    const calls = useApi(
      answer('getUserDataImport', () => {
        answers++;
        return {
          imports: [answers === 1 ? running : entry({ id: 4, fileName: 'big.xlsx', source: 'xlsx' })],
        };
      }),
    );
    renderInApp(<ImportHistory data={{}} />);
    expect(await screen.findByText('running 42 %')).toBeTruthy();
    expect(await screen.findByText('done', {}, { timeout: REFRESH_MS + 3000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, REFRESH_MS + 200));
    expect(callsTo(calls, 'getUserDataImport')).toHaveLength(2);
  }, 20_000);

  it('says so when there are no imports, and shows a failure with a way to try again', async () => {
    useApi(answer('getUserDataImport', { imports: [] }));
    const { unmount } = renderInApp(<ImportHistory data={{ heading: 'Recent imports' }} />);
    expect(await screen.findByText('No imports yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Recent imports' })).toBeTruthy();
    unmount();
    useApi(failWith('getUserDataImport', 500, 'The database is not reachable.'));
    renderInApp(<ImportHistory data={{}} />);
    expect(await screen.findByText(/The database is not reachable\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lists the first imports and the rest on request', async () => {
    useApi(answer('getUserDataImport', { imports: history.slice(1) }));
    renderInApp(<ImportHistory data={{ limit: 2 }} />);
    await screen.findByText('nightly.csv');
    expect(screen.getAllByTestId('import-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 3 imports' }));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(3));
  });

  it('words durations for people', () => {
    const t = i18next.getFixedT('en-US', 'import-history');
    expect(formatDuration('2026-01-01T00:00:00Z', '2026-01-01T00:00:00.400Z', t)).toBe('0.4 s');
    expect(formatDuration('2026-01-01T00:00:00Z', '2026-01-01T00:00:42Z', t)).toBe('42 s');
    expect(formatDuration('2026-01-01T00:00:00Z', '2026-01-01T00:03:05Z', t)).toBe('3 min 5 s');
    expect(formatDuration('2026-01-01T00:00:00Z', '2026-01-01T01:02:00Z', t)).toBe('1 h 2 min');
  });
});
