import type { PushReadingsResponse } from '../../../src/generated/api-types';
import type { Database } from '../../db/database';
import { writeReadings } from '../../readings/write-readings';
import type { checkReadings } from './check-readings';
import { repeatedInstants } from './repeated-instants';

type Batches = ReturnType<typeof checkReadings>['batches'];

/** Writes a checked push in one transaction and says how many readings each point took. */
export async function writePushedReadings(db: Database, batches: Batches): Promise<PushReadingsResponse> {
  const written = await db.transaction().execute(async (trx) => {
    const counts: number[] = [];
    for (const { point, series } of batches) counts.push((await writeReadings(trx, point, series)).written);
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
  };
}
