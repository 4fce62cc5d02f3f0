import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import { api } from '../generated/api-client';
import { DATA_POINTS_KEY } from './data-points';
import { usePlacesChanged, usePlacesTree, useSiteTree } from './places';

/** The tree of places and, beside it, the data points' table (which names each point's place). */
function Page() {
  const tree = usePlacesTree();
  const points = useQuery({ queryKey: [...DATA_POINTS_KEY, 'table'], queryFn: () => api.getDataPoint({}) });
  const changed = usePlacesChanged();
  return (
    <>
      <p>{tree.data ? `${tree.data.sites.length} sites` : 'loading'}</p>
      <p>{points.data ? `${points.data.dataPoints.length} data points` : 'loading'}</p>
      <button type="button" onClick={changed}>
        Rename
      </button>
    </>
  );
}

/** The tree with the kinds of place to add, and a list of places beside it. */
function TreeAndList() {
  const tree = usePlacesTree();
  const list = useSiteTree();
  const changed = usePlacesChanged();
  return (
    <>
      <p>{tree.data ? `tree of ${tree.data.sites.length}` : 'loading'}</p>
      <p>{list.data ? `list of ${list.data.sites.length}` : 'loading'}</p>
      <button type="button" onClick={changed}>
        Rename
      </button>
    </>
  );
}

describe('the tree of places', () => {
  it('is asked for once for a page that shows it twice, and again after a change', async () => {
    const calls = useApi(answer('siteTree', { sites: [] }), answer('entityTypes', { types: [] }));
    renderInApp(<TreeAndList />);
    expect(await screen.findByText('tree of 0')).toBeTruthy();
    expect(await screen.findByText('list of 0')).toBeTruthy();
    expect(callsTo(calls, 'siteTree')).toHaveLength(1);
    // Asked again after a change, for both.
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(callsTo(calls, 'entityTypes')).toHaveLength(2));
    await waitFor(() => expect(callsTo(calls, 'siteTree').length).toBeGreaterThan(1));
  });
});

describe('a change of a place', () => {
  it("asks again for the tree and for the data points' lists, which name where each point is", async () => {
    const calls = useApi(
      answer('siteTree', { sites: [] }),
      answer('entityTypes', { types: [] }),
      answer('getDataPoint', { dataPoints: [] }),
    );
    renderInApp(<Page />);
    expect(await screen.findByText('0 sites')).toBeTruthy();
    expect(await screen.findByText('0 data points')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(callsTo(calls, 'siteTree')).toHaveLength(2));
    await waitFor(() => expect(callsTo(calls, 'getDataPoint')).toHaveLength(2));
  });
});
