import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import { api } from '../generated/api-client';
import { DATA_POINTS_KEY } from './data-points';
import { useImports, useImportsChanged } from './imports';

/** A list of imports and, apart from it, something that starts one: the import history and the meter import. */
function Page() {
  const imports = useImports();
  const changed = useImportsChanged();
  const points = useQuery({ queryKey: DATA_POINTS_KEY, queryFn: () => api.getDataPoint({}) });
  return (
    <>
      <p>{imports.data ? `${imports.data.imports.length} imports` : 'loading'}</p>
      <p>{points.data ? `${points.data.dataPoints.length} data points` : 'loading'}</p>
      <button type="button" onClick={changed.started}>
        Start
      </button>
      <button type="button" onClick={changed.ended}>
        End
      </button>
    </>
  );
}

describe('the imports query', () => {
  it('is asked again when an import starts elsewhere on the page; the data points too when it ends', async () => {
    const calls = useApi(
      answer('getUserDataImport', { imports: [] }),
      answer('getDataPoint', { dataPoints: [] }),
    );
    renderInApp(<Page />);
    expect(await screen.findByText('0 imports')).toBeTruthy();
    expect(await screen.findByText('0 data points')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(callsTo(calls, 'getUserDataImport')).toHaveLength(2));
    expect(callsTo(calls, 'getDataPoint')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'End' }));
    await waitFor(() => expect(callsTo(calls, 'getDataPoint')).toHaveLength(2));
    expect(callsTo(calls, 'getUserDataImport')).toHaveLength(3);
  });
});
