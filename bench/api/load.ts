import autocannon from 'autocannon';
import { round } from '../results-file.ts';

export const CONNECTIONS = 10;
const ROTATE_HEADER = new URL('./rotate-header.cjs', import.meta.url).pathname;

/** A header whose value changes from request to request (see rotate-header.cjs). */
export interface Rotation {
  header: string;
  values: string[];
  /** Each value at most once (every request a token's first), instead of round and round. */
  once: boolean;
}

export interface Load {
  url: string;
  headers: Record<string, string>;
  rotation: Rotation;
}

export interface Measured {
  requestsPerSecond: number;
  p99Ms: number;
}

/** For `seconds`, as many requests as CONNECTIONS connections get answered. */
export function loadFor(load: Load, seconds: number): Promise<Measured> {
  return measure(load, { duration: seconds });
}

/**
 * Exactly `requests` requests over CONNECTIONS connections. autocannon notices
 * the end at its next sample, so samples are taken every 10 ms, not every second.
 */
export function loadOf(load: Load, requests: number): Promise<Measured> {
  if (load.rotation.once && requests > load.rotation.values.length)
    throw new Error(`${requests} requests, but only ${load.rotation.values.length} values to send once`);
  return measure(load, { amount: requests, sampleInt: 10 });
}

async function measure(
  load: Load,
  shape: { duration: number } | { amount: number; sampleInt: number },
): Promise<Measured> {
  const request = { rotate: load.rotation, setupRequest: ROTATE_HEADER } as autocannon.Request;
  // The load runs on a worker thread, so generating it does not compete with the server for this thread.
  const result = await autocannon({
    url: load.url,
    method: 'POST',
    headers: load.headers,
    body: '{}',
    requests: [request],
    connections: CONNECTIONS,
    workers: 1,
    ...shape,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${load.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    requestsPerSecond: round(result['2xx'] / result.duration, 0),
    p99Ms: round(result.latency.p99, 1),
  };
}
