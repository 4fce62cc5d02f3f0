import { isDeepStrictEqual } from 'node:util';
import type { Load } from '../api/load.ts';
import type { LoadedEndpoint } from './bare-routes.ts';
import type { DemoEstate } from './demo-estate.ts';
import { ENDPOINTS, type RoutePair } from './loads.ts';

/**
 * Before any load: each endpoint and its bare route give the same answer, and
 * getDataPoint's lists every point of the estate, so both sides do the same,
 * whole, work. Throws otherwise.
 */
export async function checkSameAnswers(
  loads: Record<LoadedEndpoint, RoutePair<Load>>,
  estate: DemoEstate,
): Promise<void> {
  for (const endpoint of ENDPOINTS) {
    const ours = await answerOf(loads[endpoint].ours);
    const bare = await answerOf(loads[endpoint].bare);
    if (!isDeepStrictEqual(ours, bare)) throw new Error(`${endpoint} and its bare route answer differently`);
  }
  const { dataPoints } = (await answerOf(loads.getDataPoint.ours)) as { dataPoints: unknown[] };
  if (dataPoints.length !== estate.dataPoints)
    throw new Error(
      `getDataPoint lists ${dataPoints.length} data points, not the estate's ${estate.dataPoints}`,
    );
}

/** One request as the load sends it (with the first value of a rotating header), its JSON answer. */
async function answerOf(load: Load): Promise<unknown> {
  const rotated = load.rotation ? { [load.rotation.header]: load.rotation.values[0] as string } : {};
  const response = await fetch(load.url, {
    method: 'POST',
    headers: { ...load.headers, ...rotated },
    body: '{}',
  });
  if (!response.ok) throw new Error(`${load.url}: ${response.status} ${await response.text()}`);
  return response.json();
}
