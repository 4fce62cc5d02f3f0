import { ApiFailure } from './api-failure';
import { currentToken, type EndpointBinding } from './client';

/** What to do with a stream's events as they come. */
export interface StreamEvents<T> {
  /** Each event's data, parsed. */
  onEvent: (event: T) => void;
  /** Called once the server has answered and the stream is open. */
  onOpen?: () => void;
  /** Stops the stream: the promise then resolves. */
  signal: AbortSignal;
}

/**
 * Opens a stream endpoint (x-endpoint.stream: Server-Sent Events) with the
 * signed-in user's token, which EventSource cannot send, and hands on each
 * event's data. Resolves when the stream ends (the server closed it, or
 * `signal` was aborted); a refusal throws as any call's does (ApiFailure),
 * as does a lost connection. Reconnecting is the caller's choice.
 */
export async function streamEndpoint<T>(
  binding: EndpointBinding,
  request: object,
  { onEvent, onOpen, signal }: StreamEvents<T>,
): Promise<void> {
  const token = await currentToken().catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(`/api${binding.path}`, {
      method: binding.method,
      signal,
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(request),
    });
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  }
  if (!response.ok || !response.body) {
    throw new ApiFailure(response.status, await response.json().catch(() => undefined));
  }
  onOpen?.();
  try {
    for await (const data of eventData(response.body)) onEvent(JSON.parse(data) as T);
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

/**
 * The data of each event in a text/event-stream body: lines are gathered up
 * to a blank line, `data:` lines joined by newlines; comments (keep-alives)
 * and other fields are left out.
 */
export async function* eventData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffered = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split(/\r\n|\r|\n/);
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
}
