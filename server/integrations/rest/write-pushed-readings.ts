import type { PushReadingsResponse } from '../../../src/generated/api-types';
import type { Database } from '../../db/database';
import { writeBatches } from '../../readings/readings-writer';
import type { checkReadings } from './check-readings';
import { pushRepeats } from './push-repeats';

type Batches = ReturnType<typeof checkReadings>['batches'];

/**
 * Writes a checked push in one transaction and says how many readings each
 * point took, and which suspicious register steps its readings are part of.
 */
export async function writePushedReadings(db: Database, batches: Batches): Promise<PushReadingsResponse> {
  const { written, byPoint, flagged } = await writeBatches(db, 'rest', batches);
  const repeats = pushRepeats(batches);
  return {
    accepted: written,
    dataPoints: batches.map(({ point }) => ({
      id: point.id,
      name: point.name,
      accepted: byPoint.get(point.id) ?? 0,
    })),
    ...(repeats ? { repeatedInstants: repeats } : {}),
    ...(flagged.count > 0 ? { suspiciousSteps: flagged.found() } : {}),
  };
}
