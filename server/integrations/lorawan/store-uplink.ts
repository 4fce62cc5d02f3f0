import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { PointForWrite } from '../../readings/write-readings';
import { type PointValue, storeValues } from '../mqtt/store-values';
import { decodeUplink } from './decoders/decode-uplink';
import { parseDecoder } from './decoders/decoder';
import { fieldMapping } from './field-mapping';
import type { Uplink } from './normalise-uplink';

/** What became of one uplink: how many readings were stored, and what could not be. */
export type UplinkOutcome = { stored: number; problems: string[] } | { ignored: string };

/**
 * Stores an uplink of a registered device: decodes it with the device's
 * decoder and writes each mapped field to its data point, at the time the
 * network server received it. Only data points of the device's own
 * organisation are ever written, whatever the mapping says.
 */
export async function storeUplink(db: Database, uplink: Uplink): Promise<UplinkOutcome> {
  const device = await db
    .selectFrom('lorawan_devices')
    .select(['id', 'organisation_id', 'decoder', 'fields'])
    .where('dev_eui', '=', uplink.devEui)
    .executeTakeFirst();
  if (!device) return { ignored: `no device with DevEUI ${uplink.devEui} is registered` };
  const parsed = parseDecoder(device.decoder);
  if ('problem' in parsed) return { ignored: `device ${uplink.devEui}: ${parsed.problem}` };

  const decoded = decodeUplink(parsed.decoder, uplink);
  const wanted = mappedValues(fieldMapping(device.fields), decoded.values);
  const points = await organisationPoints(db, device.organisation_id, [...wanted.keys()]);
  const problems = [...decoded.problems];
  const values: PointValue[] = [];
  for (const [pointId, { field, value }] of wanted) {
    const point = points.get(pointId);
    if (point) values.push({ point, value });
    else problems.push(`${field}: data point ${pointId} is not one of the device's organisation`);
  }
  await storeValues(db, uplink.receivedAt, values, 'lorawan', async (trx) => {
    // greatest() skips a null, and keeps the latest time when uplinks arrive out of order.
    await trx
      .updateTable('lorawan_devices')
      .set({ last_uplink_at: sql`greatest(last_uplink_at, ${new Date(uplink.receivedAt)})` })
      .where('id', '=', device.id)
      .execute();
  });
  return { stored: values.length, problems };
}

/** Mapped fields that have a value, by data point; two fields mapped to one point leave the later one. */
function mappedValues(
  mapping: Map<string, number>,
  values: Map<string, number>,
): Map<number, { field: string; value: number }> {
  const byPoint = new Map<number, { field: string; value: number }>();
  for (const [field, pointId] of mapping) {
    const value = values.get(field);
    if (value !== undefined) byPoint.set(pointId, { field, value });
  }
  return byPoint;
}

async function organisationPoints(
  db: Database,
  organisationId: number,
  ids: number[],
): Promise<Map<number, PointForWrite>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('data_points')
    .select(['id', 'kind', 'register_max', 'time_zone'])
    .where('id', 'in', ids)
    .where('organisation_id', '=', organisationId)
    .where('source', '<>', 'virtual')
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
