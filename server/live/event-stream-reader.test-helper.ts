/** A Server-Sent Events stream opened as the browser's client opens one (src/api/stream.ts), read event by event. */
export interface OpenStream<T> {
  contentType: string | null;
  /** The next event's data, parsed; fails the test when none comes within 5 s. */
  next(): Promise<T>;
  /** The next event, or undefined when none comes within `ms`. */
  nextWithin(ms: number): Promise<T | undefined>;
  close(): void;
}

export async function openEventStream<T>(url: string, token: string, body: unknown): Promise<OpenStream<T>> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    signal: controller.signal,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the stream answered ${response.status}: ${await response.text()}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  const nextWithin = async (ms: number): Promise<T | undefined> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) return JSON.parse(data) as T;
        continue;
      }
      pending ??= reader.read();
      const left = deadline - Date.now();
      const read = await Promise.race([
        pending,
        new Promise<'late'>((r) => setTimeout(() => r('late'), left)),
      ]);
      if (read === 'late') return undefined;
      pending = undefined;
      if (read.done) throw new Error('the stream ended');
      buffered += decoder.decode(read.value, { stream: true });
    }
  };
  return {
    contentType: response.headers.get('content-type'),
    nextWithin,
    async next() {
      const event = await nextWithin(5_000);
      if (event === undefined) throw new Error('no event came within 5 s');
      return event;
    },
    close: () => controller.abort(),
  };
}
