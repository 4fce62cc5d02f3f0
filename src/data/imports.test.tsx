import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import { api } from '../generated/api-client';
import type { DataImportResponse } from '../generated/api-types';
import { DATA_POINTS_KEY } from './data-points';
import { FOLLOW_MS, useFollowedImport, useImports, useStartImport } from './imports';

/** A list of imports and, apart from it, what starts one and follows it: the import history and the meter import. */
function Page() {
  const imports = useImports();
  const start = useStartImport();
  const followed = useFollowedImport(start.data);
  const points = useQuery({ queryKey: DATA_POINTS_KEY, queryFn: () => api.getDataPoint({}) });
  return (
    <>
      <p>{imports.data ? `${imports.data.imports.length} imports` : 'loading'}</p>
      <p>{points.data ? `${points.data.dataPoints.length} data points` : 'loading'}</p>
      <p>{followed.data ? `import ${followed.data.status}` : 'no import'}</p>
      <button type="button" onClick={() => start.mutate(IMPORT_REQUEST)}>
        Start
      </button>
    </>
  );
}

const IMPORT_REQUEST = {
  fileId: 42,
  mapping: {
    timestamp: { column: 'Time', format: 'iso' as const, timeZone: 'Europe/London' },
    value: { column: 'kWh', unit: 'kWh' },
    dataPoint: { id: 7 },
  },
};

describe('the imports query', () => {
  it('is asked again when an import starts elsewhere on the page; the data points too when it ends', async () => {
    let followed = 0;
    const calls = useApi(
      answer('dataImport', importOf('running')),
      answer('getUserDataImport', ({ importId }) => {
        if (importId === undefined) return { imports: [] };
        followed++;
        return { imports: [importOf('done')] };
      }),
      answer('getDataPoint', { dataPoints: [] }),
    );
    renderInApp(<Page />);
    expect(await screen.findByText('0 imports')).toBeTruthy();
    expect(await screen.findByText('0 data points')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('import done')).toBeTruthy();
    expect(followed).toBeGreaterThan(0);
    // Ended: every data query is asked again, the data points among them.
    await waitFor(() => expect(callsTo(calls, 'getDataPoint')).toHaveLength(2));
    // Started: the list was asked again before the import was followed, not only once it ended.
    const asked = callsTo(calls, 'getUserDataImport').map(({ request }) => request.importId ?? 'list');
    expect(asked.slice(0, 3)).toEqual(['list', 'list', 9]);
  });
});

/** An import of a small file, in the state given. */
const importOf = (status: DataImportResponse['status']): DataImportResponse => ({
  id: 9,
  fileId: 42,
  fileName: 'readings.csv',
  source: 'csv',
  status,
  skipBadRows: false,
  rowsTotal: 3,
  rowsImported: status === 'done' ? 3 : 0,
  rowsSkipped: 0,
  progress: status === 'done' ? 1 : 0,
  problems: [],
  message: null,
  suspiciousSteps: { count: 0, first: null },
  startedAt: '2026-11-20T10:00:00Z',
  finishedAt: null,
});

function Followed({ started }: { started: DataImportResponse }) {
  return <p>{useFollowedImport(started).data?.status}</p>;
}

describe('a followed import', () => {
  it('is asked again no sooner than FOLLOW_MS after an early answer, and no more once it has ended', async () => {
    // The test server answers at once, as the server does for an import it is not following yet.
    const asked: number[] = [];
    useApi(
      answer('getUserDataImport', () => {
        asked.push(Date.now());
        return { imports: [importOf(asked.length < 4 ? 'running' : 'done')] };
      }),
    );
    renderInApp(<Followed started={importOf('running')} />);
    expect(await screen.findByText('done', {}, { timeout: 5000 })).toBeTruthy();
    const gaps = asked.slice(1, 4).map((time, index) => time - (asked[index] as number));
    // Less a little for the time the test server takes to see an ask the hook has made.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(FOLLOW_MS - 50);
    const ended = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 2 * FOLLOW_MS));
    // Its end asks every data query again, itself among them, once.
    expect(asked.length).toBeLessThanOrEqual(ended + 1);
  });
});
