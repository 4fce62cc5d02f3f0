import type { Database } from '../../db/database';
import { notFound } from '../../http/api-error';

/**
 * Removes one of the organisation's devices: its uplinks are no longer
 * stored. The readings it brought stay with their data points, which are
 * the organisation's and outlive any one sensor.
 */
export async function deleteDevice(db: Database, organisationId: number, id: number): Promise<void> {
  const deleted = await db
    .deleteFrom('lorawan_devices')
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(`LoRaWAN device ${id}`);
}
