import { expect } from 'vitest';
import type { startTestApp } from '../test-app';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A reading as a test pushes it: its instant in milliseconds or as ISO text. */
export interface PushedReading {
  dataPoint: number;
  ts: number | string;
  value: number;
}

/**
 * The organisation's gateway: an API key made through the API, pushing
 * readings as a REST client does (POST /api/readings), each push answered 200.
 */
export async function gatewayOf(server: TestApp, token: string) {
  const made = await server.api('restApi', token, { name: 'Gateway' });
  const key = made.body.secret as string;
  return {
    async push(readings: readonly PushedReading[]): Promise<void> {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/readings',
        headers: { authorization: `ApiKey ${key}` },
        payload: {
          readings: readings.map(({ ts, ...reading }) => ({
            ...reading,
            ts: typeof ts === 'number' ? new Date(ts).toISOString() : ts,
          })),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    },
  };
}
