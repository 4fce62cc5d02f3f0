import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { siteWithRoom } from '../../datapoints/test-places.test-helper';
import type { Database } from '../../db/database';
import type { startTestApp } from '../../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/** A DevEUI no other test run uses, so runs sharing a broker never feed each other's devices. */
export function randomDevEui(): string {
  return randomBytes(8).toString('hex').toUpperCase();
}

/**
 * Organisations A and B with data points, and A's devices: a TTS probe
 * decoded by the network, a ChirpStack probe sending Cayenne LPP, and a
 * device whose mapping (written straight to the table, as the API refuses
 * it) names one of B's points beside one of A's.
 */
export async function feedsOfTwoOrganisations(server: Server, prefix: string) {
  const a = await server.memberOfNewOrganisation(`a-${randomDevEui().toLowerCase()}@feeds.test`, 'Feeds A');
  const b = await server.memberOfNewOrganisation(`b-${randomDevEui().toLowerCase()}@feeds.test`, 'Feeds B');
  const placesA = await siteWithRoom(server.db, a.organisationId, 'Europe/London');
  const placesB = await siteWithRoom(server.db, b.organisationId, 'UTC');
  const add = async (token: string, entityId: number, name: string, mqttTopic?: string) =>
    (
      await server.api('addDataPointsRef', token, {
        dataPoints: [
          {
            entityId,
            name,
            intent: 'temperature',
            unit: '°C',
            kind: 'instantaneous',
            ...(mqttTopic ? { mqttTopic } : {}),
          },
        ],
      })
    ).body.dataPoints[0].id as number;
  const points = {
    soilTemperature: await add(a.token, placesA.roomId, 'Soil temperature'),
    soilMoisture: await add(a.token, placesA.roomId, 'Soil moisture'),
    chirpTemperature: await add(a.token, placesA.roomId, 'Chirp temperature'),
    chirpHumidity: await add(a.token, placesA.roomId, 'Chirp humidity'),
    battery: await add(a.token, placesA.roomId, 'Battery'),
    // One topic in full, one relative to the prefix: both are fed from under the prefix.
    boilerFlow: await add(a.token, placesA.roomId, 'Boiler flow', `${prefix}boiler/flow`),
    roomTemperature: await add(a.token, placesA.roomId, 'Room temperature', 'room/temp'),
    bSecret: await add(b.token, placesB.siteId, 'B secret'),
  };
  const devEuis = { tts: randomDevEui(), chirp: randomDevEui(), hostile: randomDevEui() };
  const create = (body: Record<string, unknown>) => server.api('lorawanCreateDevice', a.token, body);
  await create({
    devEui: devEuis.tts,
    name: 'TTS probe',
    decoder: { type: 'network' },
    fields: { temperature: points.soilTemperature, moisture: points.soilMoisture },
  });
  await create({
    devEui: devEuis.chirp,
    name: 'ChirpStack probe',
    decoder: { type: 'cayenne-lpp' },
    fields: { temperature_1: points.chirpTemperature, humidity_2: points.chirpHumidity },
  });
  await server.db
    .insertInto('lorawan_devices')
    .values({
      organisation_id: a.organisationId,
      dev_eui: devEuis.hostile,
      name: 'Hostile',
      decoder: JSON.stringify({ type: 'network' }),
      fields: JSON.stringify({ temperature: points.bSecret, battery: points.battery }),
    })
    .execute();
  return { a, b, points, devEuis };
}

/** A point's readings as [ISO time, value], oldest first. */
export async function readingsOf(db: Database, pointId: number): Promise<[string, number][]> {
  const { rows } = await sql<{ ts: Date; value: number }>`
    select ts, value from readings where data_point_id = ${pointId} order by ts
  `.execute(db);
  return rows.map((row) => [row.ts.toISOString(), row.value]);
}
