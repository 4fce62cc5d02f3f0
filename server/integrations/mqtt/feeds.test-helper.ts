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

/** The organisation's MQTT namespace, where its messages are published under the prefix. */
export async function namespaceOf(db: Database, organisationId: number): Promise<string> {
  const row = await db
    .selectFrom('organisations')
    .select('mqtt_namespace')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return row.mqtt_namespace;
}

/**
 * Organisations A and B with data points, and A's devices: a TTS probe
 * decoded by the network, a ChirpStack probe sending Cayenne LPP (both with
 * the application ids of the example uplinks, so they are fed on the network
 * servers' shared topics), and a device whose mapping (written straight to
 * the table, as the API refuses it) names one of B's points beside one of
 * A's. B has a point on the same topic as one of A's, and has registered
 * A's TTS probe's DevEUI too, without an application id: each must get
 * only its own readings.
 */
export async function feedsOfTwoOrganisations(server: Server) {
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
    boilerFlow: await add(a.token, placesA.roomId, 'Boiler flow', 'boiler/flow'),
    roomTemperature: await add(a.token, placesA.roomId, 'Room temperature', 'room/temp'),
    bSecret: await add(b.token, placesB.siteId, 'B secret'),
    bBoilerFlow: await add(b.token, placesB.siteId, 'B boiler flow', 'boiler/flow'),
    bSoil: await add(b.token, placesB.siteId, 'B soil'),
  };
  const devEuis = { tts: randomDevEui(), chirp: randomDevEui(), hostile: randomDevEui() };
  const create = (body: Record<string, unknown>) => server.api('lorawanCreateDevice', a.token, body);
  await create({
    devEui: devEuis.tts,
    name: 'TTS probe',
    application: 'farm-sensors',
    decoder: { type: 'network' },
    fields: { temperature: points.soilTemperature, moisture: points.soilMoisture },
  });
  await create({
    devEui: devEuis.chirp,
    name: 'ChirpStack probe',
    application: '0c5e8f3a-7d21-4b6e-9f0a-3e2d1c4b5a69',
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
  const bDevice = await server.api('lorawanCreateDevice', b.token, {
    devEui: devEuis.tts,
    name: "B's claim on A's probe",
    decoder: { type: 'network' },
    fields: { temperature: points.bSoil },
  });
  if (bDevice.status !== 200)
    throw new Error(`B could not register the DevEUI: ${JSON.stringify(bDevice.body)}`);
  const namespaces = {
    a: await namespaceOf(server.db, a.organisationId),
    b: await namespaceOf(server.db, b.organisationId),
  };
  return { a, b, points, devEuis, namespaces };
}

/** A point's readings as [ISO time, value], oldest first. */
export async function readingsOf(db: Database, pointId: number): Promise<[string, number][]> {
  const { rows } = await sql<{ ts: Date; value: number }>`
    select ts, value from readings where data_point_id = ${pointId} order by ts
  `.execute(db);
  return rows.map((row) => [row.ts.toISOString(), row.value]);
}
