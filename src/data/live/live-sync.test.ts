import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeStreams } from './fake-streams.test-helper';
import type { LiveStatus } from './live-choice';
import { livePointsAsked, livePointsFrom } from './live-meta';
import { LiveSync } from './live-sync';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A query on screen: one observer, as a mounted widget holds. */
function onScreen(client: QueryClient, key: unknown[], meta: Record<string, unknown>, answer: () => unknown) {
  const read = vi.fn(async () => answer());
  const observer = new QueryObserver(client, { queryKey: key, queryFn: read, meta, staleTime: Infinity });
  cleanups.push(observer.subscribe(() => {}));
  return read;
}

function start(client: QueryClient, everyQuery: boolean) {
  const streams = fakeStreams();
  const statuses: LiveStatus[] = [];
  const sync = new LiveSync(client, {
    everyQuery,
    onStatus: (status) => statuses.push(status),
    open: streams.open,
  });
  cleanups.push(() => sync.stop());
  return { streams, statuses };
}

describe('live updates', () => {
  it('asks the stream for the points of the live queries on screen, and asks again only those written', async () => {
    const client = new QueryClient();
    const chart = onScreen(
      client,
      ['chart'],
      livePointsFrom((data: { ids: number[] }) => data.ids),
      () => ({ ids: [3, 1] }),
    );
    const explorer = onScreen(
      client,
      ['explorer', { dataPointIds: [7] }],
      livePointsAsked((request: { dataPointIds: number[] }) => request.dataPointIds),
      () => 'readings of 7',
    );
    const plain = onScreen(client, ['sites'], {}, () => 'sites');
    // A query nobody shows any more holds no point on the stream.
    await client.prefetchQuery({
      queryKey: ['gone'],
      queryFn: async () => ({ ids: [99] }),
      meta: livePointsFrom((data: { ids: number[] }) => data.ids),
    });
    const { streams, statuses } = start(client, true);
    await vi.waitFor(() => expect(streams.last()?.request).toEqual({ dataPointIds: [1, 3, 7] }));
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'));
    expect(chart).toHaveBeenCalledTimes(1);

    streams.last()?.events.onEvent({
      kind: 'readings',
      readings: [{ dataPointId: 7, time: '2026-12-01T10:00:00Z', value: 2 }],
    });
    await vi.waitFor(() => expect(explorer).toHaveBeenCalledTimes(2));
    expect(chart).toHaveBeenCalledTimes(1);
    expect(plain).toHaveBeenCalledTimes(1);
  });

  it('keeps charts still while live updates are off, but never the notifications or a query always live', async () => {
    const client = new QueryClient();
    const chart = onScreen(
      client,
      ['chart'],
      livePointsFrom((data: { ids: number[] }) => data.ids),
      () => ({ ids: [1] }),
    );
    const plan = onScreen(
      client,
      ['plan'],
      { ...livePointsFrom((data: { ids: number[] }) => data.ids), alwaysLive: true },
      () => ({ ids: [2] }),
    );
    const bell = onScreen(client, ['notifications'], { liveNotifications: true }, () => ({ unread: 0 }));
    const { streams } = start(client, false);
    await vi.waitFor(() => expect(streams.last()?.request).toEqual({ dataPointIds: [2] }));
    streams.last()?.events.onEvent({
      kind: 'readings',
      readings: [{ dataPointId: 2, time: '2026-12-01T10:00:00Z', value: 1 }],
    });
    streams.last()?.events.onEvent({ kind: 'notifications', readings: [] });
    await vi.waitFor(() => expect(plan).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(bell).toHaveBeenCalledTimes(2));
    expect(chart).toHaveBeenCalledTimes(1);
  });

  it('opens a dropped stream again and then catches up everything live', async () => {
    const client = new QueryClient();
    const chart = onScreen(
      client,
      ['chart'],
      livePointsFrom((data: { ids: number[] }) => data.ids),
      () => ({ ids: [1] }),
    );
    const { streams, statuses } = start(client, true);
    await vi.waitFor(() => expect(streams.last()?.request).toEqual({ dataPointIds: [1] }));
    const first = streams.last();
    first?.events.onEvent({ kind: 'snapshot', readings: [] });
    // Read before the stream listened: asked again once it does.
    await vi.waitFor(() => expect(chart).toHaveBeenCalledTimes(2));
    const opened = streams.opened.length;
    first?.drop();
    await vi.waitFor(() => expect(statuses).toContain('reconnecting'));
    // Not at once, even when queries settle meanwhile: a server that is down is not asked in a loop.
    client.setQueryData(['something else'], 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(streams.opened).toHaveLength(opened);
    // One second later, a new stream; its snapshot asks the chart again (writes may have come meanwhile).
    await vi.waitFor(() => expect(streams.opened).toHaveLength(opened + 1), { timeout: 3_000 });
    streams.last()?.events.onEvent({ kind: 'snapshot', readings: [] });
    await vi.waitFor(() => expect(chart).toHaveBeenCalledTimes(3));
  });

  it('asks again what was read before its stream listened, keeping the stream it replaces until then', async () => {
    const client = new QueryClient();
    const plan = onScreen(
      client,
      ['plan'],
      livePointsFrom((data: { ids: number[] }) => data.ids),
      () => ({ ids: [1] }),
    );
    const { streams } = start(client, true);
    await vi.waitFor(() => expect(streams.last()?.request).toEqual({ dataPointIds: [1] }));
    const first = streams.last();
    first?.events.onEvent({ kind: 'snapshot', readings: [] });
    await vi.waitFor(() => expect(plan).toHaveBeenCalledTimes(2));

    // A second widget comes on screen, read now; a write to point 2 lands before the new stream listens.
    const chart = onScreen(
      client,
      ['chart'],
      livePointsFrom((data: { ids: number[] }) => data.ids),
      () => ({ ids: [2] }),
    );
    await vi.waitFor(() => expect(streams.last()?.request).toEqual({ dataPointIds: [1, 2] }));
    const second = streams.last();
    // Point 1 is still watched meanwhile: the first stream is open, and tells of its writes.
    expect(first?.events.signal.aborted).toBe(false);
    first?.events.onEvent({
      kind: 'readings',
      readings: [{ dataPointId: 1, time: '2026-12-01T10:00:00Z', value: 5 }],
    });
    await vi.waitFor(() => expect(plan).toHaveBeenCalledTimes(3));
    // The new stream listens: the chart, read before it did, is asked again; the plan, watched all along, is not.
    second?.events.onEvent({ kind: 'snapshot', readings: [] });
    await vi.waitFor(() => expect(chart).toHaveBeenCalledTimes(2));
    expect(first?.events.signal.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(plan).toHaveBeenCalledTimes(3);
  });
});
