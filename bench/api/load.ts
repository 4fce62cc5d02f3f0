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
  /** None: every request carries the same headers. */
  rotation?: Rotation;
}

export interface Measured {
  requestsPerSecond: number;
  p99Ms: number;
}

/** A run's figures with every request that did not get a 2xx answer, counted by how it failed. */
export interface Outcome extends Measured {
  non2xx: number;
  /** Connection errors, timeouts included (autocannon counts a timeout as an error too). */
  errors: number;
  timeouts: number;
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
  if (load.rotation?.once && requests > load.rotation.values.length)
    throw new Error(`${requests} requests, but only ${load.rotation.values.length} values to send once`);
  return measure(load, { amount: requests, sampleInt: 10 });
}

/**
 * For `seconds` over `connections` connections, failures counted rather than
 * thrown: for a bench whose goal includes that nothing fails, and that reports how much did.
 */
export function outcomeOf(load: Load, shape: { seconds: number; connections: number }): Promise<Outcome> {
  return run(load, { duration: shape.seconds, connections: shape.connections });
}

async function measure(
  load: Load,
  shape: { duration: number } | { amount: number; sampleInt: number },
): Promise<Measured> {
  const { requestsPerSecond, p99Ms, non2xx, errors } = await run(load, {
    ...shape,
    connections: CONNECTIONS,
  });
  if (non2xx > 0 || errors > 0) throw new Error(`${load.url}: ${non2xx} non-2xx answers, ${errors} errors`);
  return { requestsPerSecond, p99Ms };
}

async function run(
  load: Load,
  shape: ({ duration: number } | { amount: number; sampleInt: number }) & { connections: number },
): Promise<Outcome> {
  const rotated = load.rotation
    ? { requests: [{ rotate: load.rotation, setupRequest: ROTATE_HEADER } as autocannon.Request] }
    : {};
  // The load runs on a worker thread, so generating it does not compete with the server for this thread.
  const result = await autocannon({
    url: load.url,
    method: 'POST',
    headers: load.headers,
    body: '{}',
    ...rotated,
    workers: 1,
    ...shape,
  });
  return {
    requestsPerSecond: round(result['2xx'] / result.duration, 0),
    p99Ms: round(result.latency.p99, 1),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
