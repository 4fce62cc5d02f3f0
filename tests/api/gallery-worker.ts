import type { HttpHandler } from 'msw';
import { type SetupWorker, setupWorker } from 'msw/browser';
import type { EndpointName } from '../../src/generated/api-contracts';
import { endpointOf } from './endpoint-routes';
import { exampleHandlers } from './example-handlers';
import { examplePictureHandlers } from './example-pictures';

let worker: SetupWorker | undefined;
const requested: EndpointName[] = [];

/**
 * The gallery's API: a service worker answering every endpoint with its
 * contract's example (and stored pictures with a drawing), and refusing any other /api address loudly, so a widget
 * calling something no contract has shows its failure instead of a blank.
 */
export async function startGalleryWorker(): Promise<SetupWorker> {
  worker = setupWorker(...exampleHandlers(), ...examplePictureHandlers());
  worker.events.on('request:start', ({ request }) => {
    const endpoint = endpointOf(request.method, request.url);
    if (endpoint) requested.push(endpoint);
  });
  await worker.start({
    quiet: true,
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).pathname.startsWith('/api/')) print.error();
    },
  });
  return worker;
}

/** Starts a story afresh: its requests are counted from here, and these handlers answer first. */
export function beginStory(overrides: HttpHandler[]): void {
  requested.length = 0;
  if (overrides.length > 0) worker?.use(...overrides);
}

/** The endpoints the story has called so far, each once, in order. */
export function requestedEndpoints(): EndpointName[] {
  return [...new Set(requested)].sort();
}
