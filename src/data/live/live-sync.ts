import type { Query, QueryClient } from '@tanstack/react-query';
import { api } from '../../generated/api-client';
import type { LiveEvent } from '../../generated/api-types';
import type { LiveStatus } from './live-choice';
import { liveMetaOf } from './live-meta';

/** The contract's limit on the points one stream asks for. */
const MOST_POINTS = 1000;
/** Queries settle in bursts as a page draws: the stream is opened again once they have. */
const SETTLE_MS = 250;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

export interface LiveSyncOptions {
  /** Every live query, or only those always live (a floor plan) and the notifications. */
  everyQuery: boolean;
  onStatus: (status: LiveStatus) => void;
  /** Opens the stream: the API's, unless a test brings its own. */
  open?: typeof api.live;
}

/**
 * Keeps the queries on screen in step with the server's live stream: the
 * stream asks for the points of every query with observers that says which
 * points it shows (live-meta.ts), and is opened again when that set changes;
 * an event asks again exactly the queries whose points were written, or
 * the notifications.
 *
 * A query is read before the stream that follows its points is open, so a
 * write in between would be missed: once a stream is open (its snapshot),
 * the queries showing points no stream followed until then are asked again.
 * The stream it replaces stays open until then, so the points both follow
 * are never unwatched. A dropped stream is opened again, one second after,
 * then two, up to thirty; once it is back, everything live is asked again,
 * since writes may have come meanwhile.
 */
export class LiveSync {
  readonly #client: QueryClient;
  readonly #options: LiveSyncOptions;
  readonly #open: typeof api.live;
  readonly #unsubscribe: () => void;
  #asked: string | undefined;
  /** The newest stream, open or opening. */
  #stream: AbortController | undefined;
  /** The stream whose snapshot came, and the points it has followed since: kept open until a newer one's comes. */
  #watching: { stream: AbortController; points: ReadonlySet<number> } | undefined;
  #settling: ReturnType<typeof setTimeout> | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #retryMs = FIRST_RETRY_MS;
  /** A stream dropped and none is back yet: the switch says "reconnecting", and the bell is asked again once one is. */
  #dropped = false;
  #stopped = false;

  constructor(client: QueryClient, options: LiveSyncOptions) {
    this.#client = client;
    this.#options = options;
    this.#open = options.open ?? api.live;
    this.#unsubscribe = client.getQueryCache().subscribe(() => this.#settle());
    this.#follow();
  }

  stop(): void {
    this.#stopped = true;
    this.#unsubscribe();
    clearTimeout(this.#settling);
    clearTimeout(this.#retry);
    this.#stream?.abort();
    this.#watching?.stream.abort();
    this.#options.onStatus('off');
  }

  #settle(): void {
    clearTimeout(this.#settling);
    this.#settling = setTimeout(() => this.#follow(), SETTLE_MS);
  }

  /** Opens the stream for the points on screen, unless it is open for them already. */
  #follow(): void {
    if (this.#stopped) return;
    const points = this.#pointsOnScreen();
    const asked = points.join(',');
    // Open for them already, or waiting to open again for them: a burst of queries settling does not hasten a retry.
    if (asked === this.#asked && (this.#stream || this.#retry)) return;
    this.#asked = asked;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    // One still opening is not needed any more; the one watching stays until the new one is.
    if (this.#stream !== this.#watching?.stream) this.#stream?.abort();
    this.#connect(points);
  }

  #pointsOnScreen(): number[] {
    const points = new Set<number>();
    for (const query of this.#liveQueries()) {
      for (const id of liveMetaOf(query).livePoints?.(query) ?? []) points.add(id);
    }
    return [...points].sort((a, b) => a - b).slice(0, MOST_POINTS);
  }

  /** The queries with points on screen that follow the stream now. */
  #liveQueries(): Query[] {
    return this.#client
      .getQueryCache()
      .getAll()
      .filter((query) => {
        const meta = liveMetaOf(query);
        return (
          meta.livePoints !== undefined &&
          query.getObserversCount() > 0 &&
          (this.#options.everyQuery || meta.alwaysLive === true)
        );
      });
  }

  #connect(points: number[]): void {
    const stream = new AbortController();
    this.#stream = stream;
    this.#options.onStatus(this.#dropped ? 'reconnecting' : 'connecting');
    this.#open(
      { dataPointIds: points },
      {
        signal: stream.signal,
        onOpen: () => {
          this.#retryMs = FIRST_RETRY_MS;
          this.#options.onStatus('live');
        },
        onEvent: (event) => this.#told(event, stream, points),
      },
    )
      .catch(() => undefined)
      .then(() => this.#ended(stream));
  }

  /** Ended by us (the points changed, or stopped): nothing to do. Ended by the server or the network: again. */
  #ended(stream: AbortController): void {
    if (stream.signal.aborted || this.#stopped) return;
    if (stream === this.#watching?.stream) this.#watching = undefined;
    this.#dropped = true;
    // The one watching dropped while a newer one opens: that one's snapshot catches up.
    if (stream !== this.#stream) return;
    this.#stream = undefined;
    this.#options.onStatus('reconnecting');
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#follow();
    }, this.#retryMs);
    this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS);
  }

  #told(event: LiveEvent, stream: AbortController, points: readonly number[]): void {
    if (event.kind === 'notifications') {
      this.#askAgain((query) => liveMetaOf(query).liveNotifications === true);
      return;
    }
    if (event.kind === 'snapshot') {
      if (stream === this.#stream) this.#caughtUp(stream, points);
      return;
    }
    const written = new Set(event.readings.map((reading) => reading.dataPointId));
    const showsWritten = (query: Query) =>
      (liveMetaOf(query).livePoints?.(query) ?? []).some((id) => written.has(id));
    for (const query of this.#liveQueries().filter(showsWritten)) {
      void this.#client.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }

  /**
   * The stream is open and listening: the one it replaces can go, and the
   * queries showing points that were not watched all along are asked again
   * (after a drop, every live query, and the notifications).
   */
  #caughtUp(stream: AbortController, points: readonly number[]): void {
    const watched = this.#watching?.points ?? new Set<number>();
    if (this.#watching?.stream !== stream) this.#watching?.stream.abort();
    this.#watching = { stream, points: new Set(points) };
    const missed = (query: Query) =>
      (liveMetaOf(query).livePoints?.(query) ?? []).some((id) => !watched.has(id));
    for (const query of this.#liveQueries().filter(missed)) {
      void this.#client.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
    if (this.#dropped) this.#askAgain((query) => liveMetaOf(query).liveNotifications === true);
    this.#dropped = false;
  }

  #askAgain(which: (query: Query) => boolean): void {
    void this.#client.invalidateQueries({ predicate: which });
  }
}
