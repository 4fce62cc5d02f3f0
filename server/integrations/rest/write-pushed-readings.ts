import type { PushReadingsResponse } from '../../../src/generated/api-types';
import type { Database } from '../../db/database';
import { FlaggedSteps } from '../../readings/flagged-steps';
import { writeReadings } from '../../readings/write-readings';
import type { checkReadings } from './check-readings';
import { repeatedInstants } from './repeated-instants';

type Batches = ReturnType<typeof checkReadings>['batches'];

/**
 * Writes a checked push in one transaction and says how many readings each
 * point took, and which suspicious register steps its readings are part of.
 */
export async function writePushedReadings(db: Database, batches: Batches): Promise<PushReadingsResponse> {
  const flagged = new FlaggedSteps();
  const written = await db.transaction().execute(async (trx) => {
    const counts: number[] = [];
    for (const { point, series } of batches) {
      const summary = await writeReadings(trx, point, series);
      counts.push(summary.written);
      flagged.add(point, summary.flagged);
    }
    // A point that was filled by hand is now fed over REST; points fed another way keep their source.
    await trx
      .updateTable('data_points')
      .set({ source: 'rest', updated_at: new Date() })
      .where(
        'id',
        'in',
        batches.map(({ point }) => point.id),
      )
      .where('source', '=', 'manual')
      .execute();
    return counts;
  });
  const repeats = repeatedInstants(batches);
  return {
    accepted: written.reduce((sum, count) => sum + count, 0),
    dataPoints: batches.map(({ point }, index) => ({
      id: point.id,
      name: point.name,
      accepted: written[index] ?? 0,
    })),
    ...(repeats ? { repeatedInstants: repeats } : {}),
    ...(flagged.count > 0 ? { suspiciousSteps: flagged.found() } : {}),
  };
}
