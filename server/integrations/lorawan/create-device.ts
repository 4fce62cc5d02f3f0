import { childPointer } from '../../../src/engine/validation/issue';
import type { LorawanCreateDeviceRequest, LorawanDevice } from '../../../src/generated/api-types';
import { isUniqueViolation } from '../../datapoints/point-rules';
import type { Database } from '../../db/database';
import { ApiError, fieldError } from '../../http/api-error';
import { ownedOrNotFound } from '../../http/owned-or-not-found';
import type { LorawanDecoder } from './decoders/decoder';
import { normaliseDevEui } from './dev-eui';
import { DEVICE_COLUMNS, deviceJson } from './device-json';

/**
 * Registers a device for the caller's organisation. Every data point the
 * mapping names must be the organisation's own: another organisation's
 * point is answered like one that does not exist (404), so its ids reveal
 * nothing. A DevEUI is unique within the organisation only: a device
 * another organisation registered first takes nothing from this one, as
 * uplinks are routed by organisation (see uplink-device.ts).
 */
export async function createDevice(
  db: Database,
  organisationId: number,
  request: LorawanCreateDeviceRequest,
): Promise<LorawanDevice> {
  const devEui = normaliseDevEui(request.devEui);
  const name = request.name.trim();
  if (name === '')
    throw fieldError('/name', 'Give the device a name, such as where it is or what it measures.');
  checkDecoderFields(request.decoder, request.fields);
  await requireOwnPoints(db, organisationId, Object.values(request.fields));
  await refuseRegistered(db, organisationId, devEui);
  try {
    const row = await db
      .insertInto('lorawan_devices')
      .values({
        organisation_id: organisationId,
        dev_eui: devEui,
        name,
        application_id: request.application?.trim() || null,
        decoder: JSON.stringify(request.decoder),
        fields: JSON.stringify(request.fields),
      })
      .returning(DEVICE_COLUMNS)
      .executeTakeFirstOrThrow();
    return deviceJson(row);
  } catch (error) {
    // Two registrations of one DevEUI in one organisation raced past refuseRegistered.
    if (isUniqueViolation(error)) throw registered(devEui);
    throw error;
  }
}

/** A bytes decoder names its fields, so a mapping naming another field is a typo worth catching now. */
function checkDecoderFields(decoder: LorawanDecoder, fields: Record<string, number | undefined>): void {
  if (decoder.type !== 'bytes') return;
  const names = decoder.fields.map((field) => field.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) {
    throw fieldError(
      `/decoder/fields/${names.lastIndexOf(repeated)}/name`,
      `The decoder has two fields named "${repeated}".`,
    );
  }
  const unknown = Object.keys(fields).find((name) => !names.includes(name));
  if (unknown !== undefined) {
    throw fieldError(
      childPointer('/fields', unknown),
      `"${unknown}" is not a field of the decoder; it has ${names.map((name) => `"${name}"`).join(', ')}.`,
    );
  }
}

async function requireOwnPoints(
  db: Database,
  organisationId: number,
  ids: (number | undefined)[],
): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== undefined))];
  // Ids beyond int4 name no point; asking the database about them would be an error, not a 404.
  const askable = wanted.filter((id) => id < 2 ** 31);
  const own =
    askable.length === 0
      ? []
      : await db
          .selectFrom('data_points')
          .select('id')
          .where('id', 'in', askable)
          .where('organisation_id', '=', organisationId)
          .execute();
  const owned = new Set(own.map((row) => row.id));
  for (const id of wanted) ownedOrNotFound(owned.has(id) ? id : undefined, `data point ${id}`);
}

/** Only the caller's own organisation is asked: whether another registered the DevEUI is none of the caller's business. */
async function refuseRegistered(db: Database, organisationId: number, devEui: string): Promise<void> {
  const existing = await db
    .selectFrom('lorawan_devices')
    .select('name')
    .where('organisation_id', '=', organisationId)
    .where('dev_eui', '=', devEui)
    .executeTakeFirst();
  if (existing) throw registered(devEui, existing.name);
}

function registered(devEui: string, name?: string): ApiError {
  const as = name === undefined ? '' : ` as "${name}"`;
  const message = `DevEUI ${devEui} is already registered in your organisation${as}. Change that device, or delete it first.`;
  return new ApiError(409, message, [{ pointer: '/devEui', message }]);
}
