import type { DemoApp } from './demo-app';

/** The demo's first stored temperature sensor (°C, not virtual), which live tests push readings to. */
export function demoThermometer(demoApp: DemoApp): Promise<{ id: number; name: string }> {
  return demoApp.app.database.db
    .selectFrom('data_points')
    .select(['id', 'name'])
    .where('formula', 'is', null)
    .where('kind', '=', 'instantaneous')
    .where('unit', '=', '°C')
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/**
 * A gateway of the demo organisation's: an API key made through the API,
 * and readings pushed with it as a device would (POST /api/readings). A
 * push that is not accepted fails the test.
 */
export async function demoGateway(demoApp: DemoApp, name: string) {
  const { secret } = await (await demoApp.api())('restApiCreate', { name });
  return {
    async push(dataPoint: number, ts: string, value: number): Promise<void> {
      const response = await fetch(`${demoApp.app.baseUrl}/api/readings`, {
        method: 'POST',
        headers: { authorization: `ApiKey ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ readings: [{ dataPoint, ts, value }] }),
      });
      if (response.status !== 200)
        throw new Error(`the push answered ${response.status}: ${await response.text()}`);
    },
  };
}
