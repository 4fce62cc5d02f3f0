import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { PointForWrite } from '../../readings/readings-writer';
import { type PointValue, storeValues } from '../mqtt/store-values';
import { decodeUplink } from './decoders/decode-uplink';
import type { DecodedValues } from './decoders/decoded-values';
import { parseDecoder } from './decoders/decoder';
import { fieldMapping } from './field-mapping';
import type { Uplink } from './normalise-uplink';
import { findUplinkDevice, recordDeviceProblem } from './uplink-device';

/** What became of one uplink: how many readings were stored, and what could not be. */
export type UplinkOutcome = { stored: number; problems: string[] } | { ignored: string };

/**
 * Stores an uplink of a registered device: decodes it with the device's
 * decoder and writes each mapped field to its data point, at the time the
 * network server received it. Only data points of the device's own
 * organisation are ever written, whatever the mapping says. What kept a
 * reading from being stored is kept on the device, so its owner sees it.
 *
 * `namespace` is the organisation's, when the uplink came under its topic
 * prefix; without it the uplink came on a network server's shared topics.
 */
export async function storeUplink(db: Database, uplink: Uplink, namespace?: string): Promise<UplinkOutcome> {
  const found = await findUplinkDevice(db, uplink, namespace);
  if ('ignored' in found) return found;
  const { device } = found;
  const parsed = parseDecoder(device.decoder);
  if ('problem' in parsed) {
    await recordDeviceProblem(db, device.id, parsed.problem, uplink.receivedAt);
    return { ignored: `device ${uplink.devEui}: ${parsed.problem}` };
  }

  const decoded = decodeUplink(parsed.decoder, uplink);
  const mapping = fieldMapping(device.fields);
  const wanted = mappedValues(mapping, decoded.values);
  const points = await organisationPoints(db, device.organisation_id, [...wanted.keys()]);
  const problems = [...decoded.problems, ...unreadMappedFields(mapping, decoded)];
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
    if (problems.length > 0)
      await recordDeviceProblem(trx, device.id, problems.join('; '), uplink.receivedAt);
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

/**
 * Why mapped fields got no reading: a field sent as text (or null, or a
 * list) is named with what it held; when no mapped field is in the uplink
 * at all, that is said once, with the fields it did have. A field missing
 * while others arrive is normal (devices send some fields on some ports).
 */
function unreadMappedFields(mapping: Map<string, number>, decoded: DecodedValues): string[] {
  const problems: string[] = [];
  for (const [field, pointId] of mapping) {
    const held = decoded.notReadings?.get(field);
    if (held !== undefined)
      problems.push(`${field}: ${held} is not a number; nothing stored for data point ${pointId}`);
  }
  const anyMapped = [...mapping.keys()].some(
    (field) => decoded.values.has(field) || decoded.notReadings?.has(field),
  );
  if (mapping.size > 0 && !anyMapped && decoded.problems.length === 0) {
    const sent = [...decoded.values.keys(), ...(decoded.notReadings?.keys() ?? [])];
    problems.push(
      `none of the mapped fields (${[...mapping.keys()].sort().join(', ')}) is in this uplink; it has ${sent.length > 0 ? sent.slice(0, 10).join(', ') : 'no fields'}`,
    );
  }
  return problems;
}

async function organisationPoints(
  db: Database,
  organisationId: number,
  ids: number[],
): Promise<Map<number, PointForWrite>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('data_points')
    .select(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
    .where('id', 'in', ids)
    .where('organisation_id', '=', organisationId)
    .where('source', '<>', 'virtual')
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
