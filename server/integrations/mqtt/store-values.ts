import type { Database } from '../../db/database';
import type { DataPointSource } from '../../db/tables';
import { type PointForWrite, writeReadings } from '../../readings/write-readings';

/** One reading for one data point. */
export interface PointValue {
  point: PointForWrite;
  value: number;
}

/**
 * Writes one message's readings, all at the same instant, in one
 * transaction: a message is stored whole or not at all. Points filled by
 * hand until now are marked as fed by this source; points fed another way
 * keep theirs.
 */
export async function storeValues(
  db: Database,
  at: number,
  values: readonly PointValue[],
  source: Extract<DataPointSource, 'mqtt' | 'lorawan'>,
  alsoInTransaction?: (trx: Database) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { point, value } of values) await writeReadings(trx, point, { ts: [at], values: [value] });
    if (values.length > 0) {
      await trx
        .updateTable('data_points')
        .set({ source, updated_at: new Date() })
        .where(
          'id',
          'in',
          values.map(({ point }) => point.id),
        )
        .where('source', '=', 'manual')
        .execute();
    }
    await alsoInTransaction?.(trx);
  });
}
