import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { useCallback, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useRefreshOnceLeft } from './use-refresh-once-left';

/** What the server was asked for, in order (an id, or the list), and when the refresh came. */
const asked: (number | 'list' | 'refresh')[] = [];

/** A list that deletes the thing the address names, and refreshes what it shows once the address has left it. */
function List({ shownId, deleted }: { shownId: number | null; deleted: number | null }) {
  const client = useQueryClient();
  const refresh = useCallback(() => {
    asked.push('refresh');
    void client.invalidateQueries({ queryKey: ['things'] });
  }, [client]);
  const deletedThing = useRefreshOnceLeft(shownId, refresh);
  useEffect(() => {
    if (deleted !== null) deletedThing(deleted);
  }, [deleted, deletedThing]);
  return null;
}

/** A view beside it that reads the thing the address names, or the list when it names none. */
function Details({ shownId }: { shownId: number | null }) {
  const key = shownId ?? 'list';
  useQuery({
    queryKey: ['things', key],
    queryFn: async () => {
      asked.push(key);
      return key;
    },
  });
  return null;
}

function Page(props: { shownId: number | null; deleted: number | null }) {
  return (
    <>
      <List {...props} />
      <Details shownId={props.shownId} />
    </>
  );
}

describe('refreshing once the page has left a deleted thing', () => {
  it('never asks again for the deleted thing, though a view beside the list still named it as the address changed', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <Page shownId={34} deleted={null} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(asked).toEqual([34]));
    // Deleted: the page still shows it until the app takes the address elsewhere.
    rerender(
      <QueryClientProvider client={client}>
        <Page shownId={34} deleted={34} />
      </QueryClientProvider>,
    );
    rerender(
      <QueryClientProvider client={client}>
        <Page shownId={null} deleted={34} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(asked).toContain('refresh'));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    // The list is asked for; the deleted thing never again.
    expect(asked).toContain('list');
    expect(asked.filter((key) => key === 34)).toEqual([34]);
  });
});
