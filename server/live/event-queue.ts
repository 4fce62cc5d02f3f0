/**
 * Events for one open stream, handed on in order as the stream can take
 * them. A stream that falls behind (a slow connection) keeps the newest
 * `limit`: live screens want the latest values, and a reconnect's snapshot
 * catches up whatever was dropped.
 */
export class EventQueue<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | undefined;

  constructor(private readonly limit = 200) {}

  push(item: T): void {
    this.items.push(item);
    if (this.items.length > this.limit) this.items.shift();
    this.wake?.();
  }

  /** The events as they come, until `signal` is aborted. */
  async *until(signal: AbortSignal): AsyncGenerator<T> {
    // One listener for the stream's life: one per wait would pile up on a stream open for hours.
    const stop = () => this.wake?.();
    signal.addEventListener('abort', stop, { once: true });
    try {
      while (!signal.aborted) {
        const next = this.items.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = undefined;
      }
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }
}
