import type { StreamEvents } from '../../api/stream';
import type { LiveEvent, LiveRequest } from '../../generated/api-types';

/** A stand-in for the server's live stream: what each opening asked for, and a way to send it events or drop it. */
export function fakeStreams() {
  const opened: { request: LiveRequest; events: StreamEvents<LiveEvent>; drop: () => void }[] = [];
  const open = (request: LiveRequest, events: StreamEvents<LiveEvent>) =>
    new Promise<void>((resolve, reject) => {
      events.signal.addEventListener('abort', () => resolve());
      opened.push({ request, events, drop: () => reject(new Error('connection lost')) });
      queueMicrotask(() => events.onOpen?.());
    });
  return { opened, open, last: () => opened[opened.length - 1] };
}
