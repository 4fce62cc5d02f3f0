import { childPointer } from '../../../src/engine/validation/issue';
import type { LorawanCreateDeviceRequest, LorawanDevice } from '../../../src/generated/api-types';
import { isUniqueViolation } from '../../datapoints/point-rules';
import type { Database } from '../../db/database';
import { ApiError, fieldError } from '../../http/api-error';
import { ownedOrNotFound } from '../../organisations/owned';
import type { LorawanDecoder } from './decoders/decoder';
import { normaliseDevEui } from './dev-eui';
import { DEVICE_COLUMNS, deviceJson } from './device-json';

/**
 * Registers a device for the caller's organisation. Every data point the
 * mapping names must be the organisation's own: another organisation's
 * point is answered like one that does not exist (404), so its ids reveal
 * nothing.
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
  await refuseTaken(db, devEui);
  try {
    const row = await db
      .insertInto('lorawan_devices')
      .values({
        organisation_id: organisationId,
        dev_eui: devEui,
        name,
        decoder: JSON.stringify(request.decoder),
        fields: JSON.stringify(request.fields),
      })
      .returning(DEVICE_COLUMNS)
      .executeTakeFirstOrThrow();
    return deviceJson(row);
  } catch (error) {
    // Two registrations of one DevEUI raced past refuseTaken.
    if (isUniqueViolation(error)) throw taken(devEui);
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

async function refuseTaken(db: Database, devEui: string): Promise<void> {
  const existing = await db
    .selectFrom('lorawan_devices')
    .select('id')
    .where('dev_eui', '=', devEui)
    .executeTakeFirst();
  if (existing) throw taken(devEui);
}

/** Said the same whoever registered it: another organisation's device list is none of the caller's business. */
function taken(devEui: string): ApiError {
  return new ApiError(
    409,
    `DevEUI ${devEui} is already registered. A device can feed one organisation only; check the DevEUI, or remove it where it is registered first.`,
  );
}
