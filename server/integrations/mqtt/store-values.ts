import type { Database } from '../../db/database';
import { type WritablePoint, writeReadingsFrom } from '../../readings/readings-writer';

/** One reading for one data point. */
export interface PointValue {
  point: WritablePoint;
  value: number;
}

/**
 * Writes one message's readings, all at the same instant, in one
 * transaction with what the message changes besides (`alsoInTransaction`):
 * a message is stored whole or not at all.
 */
export async function storeValues(
  db: Database,
  at: number,
  values: readonly PointValue[],
  source: 'mqtt' | 'lorawan',
  alsoInTransaction?: (trx: Database) => Promise<void>,
): Promise<void> {
  await writeReadingsFrom(db, source, async (write) => {
    for (const { point, value } of values) await write.batch(point, { ts: [at], values: [value] });
    await alsoInTransaction?.(write.trx);
  });
}
