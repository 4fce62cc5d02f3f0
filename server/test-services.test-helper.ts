import { connect } from 'node:net';
import { beforeAll, describe } from 'vitest';

/** The services beyond the embedded defaults that server tests reach, each by the variable holding its address. */
export type TestService = 'TEST_DATABASE_URL' | 'TEST_MQTT_URL';

const WHAT_TO_SET: Record<TestService, string> = {
  TEST_DATABASE_URL: 'a PostgreSQL database, e.g. postgresql://postgres@127.0.0.1:5432/test',
  TEST_MQTT_URL: 'an MQTT broker, e.g. mqtt://127.0.0.1:1883',
};

const DEFAULT_PORTS: Record<string, number> = { 'postgresql:': 5432, 'postgres:': 5432, 'mqtt:': 1883 };

/** Long enough for a loaded two-core machine to accept a local connection, short enough to fail a dead port fast. */
const REACH_TIMEOUT_MS = 3_000;

/**
 * A suite that needs a real service. With its variable set, the suite runs, and
 * fails as a whole if the address does not accept a connection. Unset, it fails
 * under CI (a CI run that quietly tests less is a green light for untested code),
 * and elsewhere its tests are reported as skipped, with the reason in the title.
 */
export function describeWithService(service: TestService, title: string, suite: () => void): void {
  const url = process.env[service];
  if (!url && !runningInCi()) {
    describe.skip(`${title} (skipped: ${service} is not set)`, suite);
    return;
  }
  describe(title, () => {
    // Registered before the suite's own hooks, so a missing service fails here, before they try to use it.
    beforeAll(() => requireReachable(service), REACH_TIMEOUT_MS + 1_000);
    suite();
  });
}

/** The address of a service for a suite that describeWithService started; a clear error when there is none. */
export function serviceUrl(service: TestService): string {
  const url = process.env[service];
  if (!url) throw new Error(missingMessage(service));
  return url;
}

/** CI=true (or 1) as CI systems set it. */
function runningInCi(): boolean {
  const ci = process.env.CI?.toLowerCase();
  return ci === 'true' || ci === '1';
}

function missingMessage(service: TestService): string {
  return `${service} is not set: these tests need ${WHAT_TO_SET[service]}. Under CI=true every service the tests need must be given.`;
}

const reachability = new Map<string, Promise<void>>();

/** Connects once per address and process; the suites of one worker share the answer. */
function requireReachable(service: TestService): Promise<void> {
  const url = serviceUrl(service);
  let reached = reachability.get(url);
  if (!reached) {
    reached = connectOnce(url).catch((error: Error) => {
      throw new Error(`${service} (${withoutPassword(url)}) is not reachable: ${error.message}`);
    });
    reachability.set(url, reached);
  }
  return reached;
}

/** Opens and closes one TCP connection to the address's host and port. */
function connectOnce(address: string): Promise<void> {
  const url = new URL(address);
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol];
  if (!port) return Promise.reject(new Error(`no port in the address and none known for ${url.protocol}`));
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: REACH_TIMEOUT_MS });
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error(`no answer from ${host}:${port} within ${REACH_TIMEOUT_MS} ms`));
    });
    socket.once('error', (error) => reject(new Error(`${host}:${port}: ${error.message}`)));
  });
}

function withoutPassword(address: string): string {
  try {
    const url = new URL(address);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(not a URL)';
  }
}
