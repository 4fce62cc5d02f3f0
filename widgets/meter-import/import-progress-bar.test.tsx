import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DataImportResponse } from '../../src/generated/api-types';
import { renderInApp } from '../../tests/render';
import { ImportProgressBar } from './import-progress-bar';

const running = (changes: Partial<DataImportResponse>): DataImportResponse => ({
  id: 9,
  fileId: 42,
  fileName: 'readings.csv',
  source: 'csv',
  status: 'running',
  skipBadRows: false,
  rowsTotal: 0,
  rowsImported: 0,
  rowsSkipped: 0,
  rowsRead: 0,
  progress: 0,
  problems: [],
  suspiciousSteps: { count: 0, first: null },
  message: null,
  startedAt: '2026-11-20T10:00:00Z',
  finishedAt: null,
  ...changes,
});

describe('a running import’s progress', () => {
  it('shows the rows read of the file’s rows once the server has counted them', () => {
    renderInApp(
      <ImportProgressBar
        record={running({ progress: 0.25, rowsRead: 1_200, rowsTotal: 4_800, rowsImported: 1_190 })}
      />,
    );
    expect(screen.getByTestId('import-rows').textContent).toBe('1,200 of 4,800 rows read');
    expect(screen.getByText('25 %')).toBeTruthy();
  });

  it('shows the rows read and the share of the file while the rows are not counted yet', () => {
    renderInApp(<ImportProgressBar record={running({ progress: 0.4, rowsRead: 600, rowsImported: 600 })} />);
    expect(screen.getByTestId('import-rows').textContent).toBe('600 rows read, 40 % of the file');
  });

  it('says the file is being read before any row is', () => {
    renderInApp(<ImportProgressBar record={running({})} />);
    expect(screen.getByTestId('import-rows').textContent).toBe('Reading the file…');
  });
});
