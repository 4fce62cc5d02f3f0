import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TariffVersion, UtilityOrTariffRequest } from '../../src/generated/api-types';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { writeReadings } from '../readings/write-readings';
import { send } from '../saved-views/explorer-setup.test-helper';
import { startTestApp } from '../test-app';
import { tariffCost } from './tariff-cost';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

const matrix = (window: (month: number, hour: number) => number | null) =>
  Array.from({ length: 12 }, (_, month) => Array.from({ length: 24 }, (_, hour) => window(month, hour)));

function version(overrides: Partial<TariffVersion> = {}): TariffVersion {
  return {
    validFrom: '2026-01-01',
    validTo: null,
    windows: [
      { name: 'Night', tiers: [{ upTo: null, price: 0.2 }] },
      { name: 'Day', tiers: [{ upTo: null, price: 0.3 }] },
    ],
    schedule: { weekday: matrix((_, hour) => (hour >= 7 && hour < 22 ? 1 : 0)), weekend: matrix(() => 0) },
    standingPerDay: 0.5,
    demandPerKw: 8,
    taxes: [{ name: 'VAT', percent: 20 }],
    emissions: { kgPerUnit: 0.2 },
    ...overrides,
  };
}

function tariff(overrides: Partial<UtilityOrTariffRequest> = {}): UtilityOrTariffRequest {
  return {
    name: 'Day and night',
    utility: 'electricity',
    unit: 'kWh',
    currency: 'EUR',
    versions: [version()],
    ...overrides,
  };
}

describeEachEngine('tariffs on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let places: { siteId: number; buildingId: number; roomId: number };
  /** Meters in the room, read hourly: the main one (with hours missed), a sub-meter, and a gas meter. */
  let main: number;
  let sub: number;
  let gas: number;
  /** Day-ahead prices in EUR/kWh, and a price point in cents, which a tariff in EUR cannot use. */
  let price: number;
  let centsPrice: number;

  beforeAll(async () => {
    server = await startTestApp(engine);
    owner = await server.memberOfNewOrganisation('owner@tariffs.test', 'Tariffs Ltd');
    places = await siteWithRoom(server.db, owner.organisationId, 'Europe/Berlin', 'Berlin');
    const point = async (name: string, intent: string, unit: string) =>
      server.db
        .insertInto('data_points')
        .values({
          organisation_id: owner.organisationId,
          entity_id: places.roomId,
          name,
          intent,
          unit,
          kind: 'interval',
          time_zone: 'Europe/Berlin',
          updated_at: new Date(),
        })
        .returning(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
        .executeTakeFirstOrThrow();
    const hours = Array.from(
      { length: 24 * 90 },
      (_, index) => Date.parse('2026-03-01T00:00:00+01:00') + index * 3_600_000,
    );
    const mainPoint = await point('Main incomer', 'electricity', 'kWh');
    // Some hours missed, so some days' stored hours are not consecutive (the rollups keep only hours read).
    const mainHours = hours.filter((_, index) => index % 37 !== 5 && index % 53 !== 11);
    await writeReadings(server.db, mainPoint, {
      ts: mainHours,
      values: mainHours.map((_, index) => 1 + (index % 5)),
    });
    const subPoint = await point('Chiller', 'electricity', 'kWh');
    await writeReadings(server.db, subPoint, { ts: hours, values: hours.map(() => 2) });
    const gasPoint = await point('Boiler gas', 'gas', 'm³');
    await writeReadings(server.db, gasPoint, { ts: hours, values: hours.map(() => 3) });
    const pricePoint = await point('Day-ahead price', 'other', 'EUR/kWh');
    await writeReadings(server.db, pricePoint, {
      ts: hours,
      values: hours.map((_, index) => (index % 24 < 6 ? -0.05 : 0.12)),
    });
    const cents = await point('Price in cents', 'other', 'ct/kWh');
    [main, sub, gas, price, centsPrice] = [mainPoint.id, subPoint.id, gasPoint.id, pricePoint.id, cents.id];
  });
  afterAll(async () => server?.close());

  const create = (body: UtilityOrTariffRequest) => server.api('utilityOrTariff', owner.token, body);
  const remove = (id: number) => send(server, 'DELETE', `utilityOrTariff/${id}`, owner.token);
  const costs = (
    dataPointIds: number[],
    bucket = 'month',
    from = '2026-03-01T00:00:00+01:00',
    to = '2026-05-01T00:00:00+02:00',
  ) => server.api('tariffCostAndTime', owner.token, { dataPointIds, from, to, bucket });

  describe('refusals, each at its field, writing nothing', () => {
    const refused = async (body: UtilityOrTariffRequest, pointer: string, message: RegExp) => {
      const before = await server.db
        .selectFrom('tariffs')
        .select(server.db.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const answer = await create(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.issues).toEqual([{ pointer, message: expect.stringMatching(message) }]);
      const after = await server.db
        .selectFrom('tariffs')
        .select(server.db.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    };

    it('versions that overlap', async () => {
      await refused(
        tariff({ versions: [version({ validTo: '2026-07-01' }), version({ validFrom: '2026-06-15' })] }),
        '/versions/1/validFrom',
        /^Version 2 starts on 2026-06-15, while version 1 ends on 2026-07-01: versions must not overlap/,
      );
      await refused(
        tariff({ versions: [version(), version({ validFrom: '2026-06-15' })] }),
        '/versions/1/validFrom',
        /version 1 runs on with no end/,
      );
    });

    it('an hour of the week with no window, or a window that does not exist', async () => {
      const gap = version({
        schedule: {
          weekday: matrix((month, hour) => (month === 1 && hour === 3 ? null : 0)),
          weekend: matrix(() => 0),
        },
      });
      await refused(
        tariff({ versions: [gap] }),
        '/versions/0/schedule/weekday/1/3',
        /^No window is set for February 03:00–04:00 on weekdays/,
      );
      const unknown = version({
        schedule: { weekday: matrix(() => 0), weekend: matrix((_, hour) => (hour === 23 ? 2 : 0)) },
      });
      await refused(
        tariff({ versions: [unknown] }),
        '/versions/0/schedule/weekend/0/23',
        /names window 3, and this version has 2/,
      );
    });

    it('tiers out of order, and a last tier with a limit', async () => {
      const tiers = (upTos: (number | null)[]) =>
        version({
          windows: [{ name: 'All day', tiers: upTos.map((upTo) => ({ upTo, price: 0.2 })) }],
          schedule: { weekday: matrix(() => 0), weekend: matrix(() => 0) },
        });
      await refused(
        tariff({ versions: [tiers([1000, 500, null])] }),
        '/versions/0/windows/0/tiers/1/upTo',
        /out of order: 500 comes after 1000/,
      );
      await refused(
        tariff({ versions: [tiers([1000, 2000])] }),
        '/versions/0/windows/0/tiers/1/upTo',
        /needs no limit/,
      );
    });

    it('a price data point in another unit, and a date that does not exist', async () => {
      await refused(
        tariff({ versions: [version({ dynamic: { dataPointId: centsPrice } })] }),
        '/versions/0/dynamic/dataPointId',
        /"Price in cents" is in ct\/kWh; this tariff's prices are in EUR\/kWh/,
      );
      await refused(
        tariff({ versions: [version({ emissions: { intensityDataPointId: centsPrice } })] }),
        '/versions/0/emissions/intensityDataPointId',
        /"Price in cents" is in ct\/kWh; an emission intensity for this tariff is in kg\/kWh/,
      );
      await refused(
        tariff({ versions: [version({ validFrom: '2026-02-30' })] }),
        '/versions/0/validFrom',
        /February 2026 has 28 days/,
      );
    });

    it('a data point of another utility or unit, and a place another tariff of the utility has', async () => {
      await refused(
        tariff({ assignments: [{ kind: 'dataPoint', id: gas }] }),
        '/assignments/0',
        /"Boiler gas" measures gas/,
      );
      const taken = await create(
        tariff({ name: 'Site tariff', assignments: [{ kind: 'entity', id: places.siteId }] }),
      );
      expect(taken.status).toBe(200);
      await refused(
        tariff({ assignments: [{ kind: 'entity', id: places.siteId }] }),
        '/assignments/0',
        /^"Berlin" already has the electricity tariff "Site tariff"/,
      );
      expect((await remove(taken.body.tariff.id)).status).toBe(200);
    });
  });

  it('prices each point by the tariff nearest to it, and leaves a point with none unpriced', async () => {
    const site = await create(tariff({ name: 'Site', assignments: [{ kind: 'entity', id: places.siteId }] }));
    const chiller = await create(
      tariff({
        name: 'Chiller contract',
        versions: [
          version({
            windows: [{ name: 'Flat', tiers: [{ upTo: null, price: 0.1 }] }],
            schedule: { weekday: matrix(() => 0), weekend: matrix(() => 0) },
            standingPerDay: 0,
            demandPerKw: 0,
            taxes: [],
          }),
        ],
        assignments: [{ kind: 'dataPoint', id: sub }],
      }),
    );
    expect([site.status, chiller.status]).toEqual([200, 200]);
    const answer = await costs([main, sub, gas]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [mainCost, subCost, gasCost] = answer.body.points;
    expect(mainCost.tariffId).toBe(site.body.tariff.id);
    expect(subCost.tariffId).toBe(chiller.body.tariff.id);
    // The chiller: 2 kWh an hour at 0.10 from 1 March to 1 May in Berlin, 1463 hours (one lost to DST).
    expect(subCost.buckets.map((bucket: { start: string }) => bucket.start)).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
    expect(subCost.total).toBeCloseTo((31 * 24 - 1 + 30 * 24) * 2 * 0.1, 9);
    expect(subCost.co2Kg).toBeCloseTo((31 * 24 - 1 + 30 * 24) * 2 * 0.2, 9);
    expect(gasCost).toMatchObject({
      tariffId: null,
      currency: null,
      buckets: [],
      total: 0,
      unpriced: (31 * 24 - 1 + 30 * 24) * 3,
    });

    // The main meter as the engine prices its stored readings: the API adds nothing and loses nothing.
    const stored = await server.db
      .selectFrom('readings')
      .select(['ts', 'delta'])
      .where('data_point_id', '=', main)
      .orderBy('ts')
      .execute();
    const offHourRequest = () => ({
      series: {
        ts: stored.map((row) => new Date(row.ts).getTime()),
        used: stored.map((row) => row.delta as number),
      },
      versions: [version()],
      timeZone: 'Europe/Berlin',
      bucket: 'day' as const,
    });
    const expected = tariffCost({
      ...offHourRequest(),
      from: Date.parse('2026-03-01T00:00:00+01:00'),
      to: Date.parse('2026-05-01T00:00:00+02:00'),
      bucket: 'month',
    });
    // Read from the hourly rollups and the days' highest quarters (the range is on local midnights), priced
    // as the readings are one by one.
    expect(mainCost.total).toBeCloseTo(expected.total, 9);
    expect(mainCost.buckets[0].demand).toBeGreaterThan(0);
    expect(mainCost.buckets.map((bucket: { demand: number }) => bucket.demand)).toEqual(
      expected.buckets.map((bucket) => expect.closeTo(bucket.demand, 9)),
    );
    // A range off the hour is read from the readings themselves, and agrees with them too.
    const offHour = {
      from: Date.parse('2026-03-03T05:30:00+01:00'),
      to: Date.parse('2026-04-20T17:45:00+02:00'),
    };
    const fromReadings = tariffCost({ ...offHourRequest(), ...offHour });
    const answered = await costs(
      [main],
      'day',
      new Date(offHour.from).toISOString(),
      new Date(offHour.to).toISOString(),
    );
    expect(answered.body.points[0].total).toBeCloseTo(fromReadings.total, 9);
    expect(mainCost.buckets[0].standing).toBeCloseTo(31 * 0.5, 9);
    expect(mainCost.buckets[0].taxes.VAT).toBeCloseTo(
      0.2 *
        (mainCost.buckets[0].energy.Day +
          mainCost.buckets[0].energy.Night +
          31 * 0.5 +
          mainCost.buckets[0].demand),
      9,
    );

    // Taken off the chiller, its tariff no longer prices it: the site's does.
    await remove(chiller.body.tariff.id);
    expect((await costs([sub])).body.points[0].tariffId).toBe(site.body.tariff.id);
    await remove(site.body.tariff.id);
  });

  it("prices a virtual point as the sum of its points' costs its formula makes, part by part", async () => {
    const site = await create(tariff({ name: 'Site', assignments: [{ kind: 'entity', id: places.siteId }] }));
    expect(site.status).toBe(200);
    const virtual = async (name: string, formula: string) => {
      const made = await server.api('virtualDatapoint', owner.token, { name, formula });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return made.body.dataPoint.id as number;
    };
    const rest = await virtual('Rest of the building', `#${main} - #${sub}`);
    const half = await virtual('Half the rest', `[Rest of the building] / 2`);
    const answer = await costs([main, sub, rest, half], 'day');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [mainCost, subCost, restCost, halfCost] = answer.body.points;
    expect(restCost).toMatchObject({ dataPointId: rest, tariffId: null, currency: 'EUR', unit: 'kWh' });
    expect(restCost.total).toBeCloseTo(mainCost.total - subCost.total, 9);
    expect(restCost.co2Kg).toBeCloseTo(mainCost.co2Kg - subCost.co2Kg, 9);
    expect(halfCost.total).toBeCloseTo((mainCost.total - subCost.total) / 2, 9);
    // Bucket by bucket and part by part: each window's energy, the standing and demand charges, the taxes.
    expect(restCost.buckets).toHaveLength(mainCost.buckets.length);
    type Bucket = {
      start: string;
      energy: Record<string, number>;
      standing: number;
      taxes: Record<string, number>;
    };
    restCost.buckets.forEach((bucket: Bucket, index: number) => {
      const [fromMain, fromSub] = [mainCost.buckets[index] as Bucket, subCost.buckets[index] as Bucket];
      expect(bucket.start).toBe(fromMain.start);
      for (const window of ['Day', 'Night']) {
        expect(bucket.energy[window] ?? 0).toBeCloseTo(
          (fromMain.energy[window] ?? 0) - (fromSub.energy[window] ?? 0),
          9,
        );
      }
      expect(bucket.standing).toBeCloseTo(0, 9);
      expect(bucket.taxes.VAT).toBeCloseTo((fromMain.taxes.VAT ?? 0) - (fromSub.taxes.VAT ?? 0), 9);
    });
    // Asked for alone, it reads the points it adds up without answering for them.
    const alone = await costs([half], 'month');
    expect(alone.body.points.map((point: { dataPointId: number }) => point.dataPointId)).toEqual([half]);
    expect(alone.body.points[0].total).toBeCloseTo(halfCost.total, 9);

    // A product has no cost made of its points' costs; a sum with gas in it has no one price.
    const product = await virtual('Product', `#${main} * #${sub}`);
    const refused = await costs([main, product]);
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      {
        pointer: '/dataPointIds/1',
        message:
          '"Product" is a virtual data point priced as its points\' costs added up, and its formula multiplies data points together. Price the points it is made of.',
      },
    ]);
    const withGas = await virtual('Electricity and gas', `#${main} + #${gas}`);
    expect((await costs([withGas])).body.points[0]).toMatchObject({ currency: null, buckets: [], total: 0 });
    for (const id of [product, withGas, half, rest])
      await send(server, 'DELETE', `virtualDatapoint/${id}`, owner.token);
    await remove(site.body.tariff.id);
  });

  it('prices by a dynamic price, below zero at night', async () => {
    const dynamic = await create(
      tariff({
        name: 'Day-ahead',
        versions: [version({ dynamic: { dataPointId: price, adder: 0.02 }, standingPerDay: 0, taxes: [] })],
        assignments: [{ kind: 'dataPoint', id: sub }],
      }),
    );
    expect(dynamic.status, JSON.stringify(dynamic.body)).toBe(200);
    const answer = await costs([sub], 'day', '2026-03-10T00:00:00+01:00', '2026-03-11T00:00:00+01:00');
    const [day] = answer.body.points[0].buckets;
    // Prices are read on the hour, so each hour's reading takes its own hour's price.
    const hourly = Array.from({ length: 24 }, (_, hour) => {
      const index = (9 * 24 + hour) % 24;
      return (index < 6 ? -0.05 : 0.12) + 0.02;
    });
    expect(day.energy.Dynamic).toBeCloseTo(
      hourly.reduce((sum, value) => sum + 2 * value, 0),
      9,
    );
    await remove(dynamic.body.tariff.id);
  });

  it('prices each quarter-hour by its own price when the price changes within the hour, and an hourly price by the hour', async () => {
    // A place of their own, so the other tests' places keep the meters they expect.
    const own = await siteWithRoom(server.db, owner.organisationId, 'Europe/Berlin', 'Quarter-hours');
    const inRoom = (name: string, unit: string) =>
      server.db
        .insertInto('data_points')
        .values({
          organisation_id: owner.organisationId,
          entity_id: own.roomId,
          name,
          intent: unit === 'kWh' ? 'electricity' : 'other',
          unit,
          kind: 'interval',
          interval_minutes: 15,
          time_zone: 'Europe/Berlin',
          updated_at: new Date(),
        })
        .returning(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
        .executeTakeFirstOrThrow();
    const from = Date.parse('2026-04-07T00:00:00+02:00');
    const quarters = Array.from({ length: 96 }, (_, index) => from + index * 900_000);
    // Uneven use within each hour, so a price taken for the whole hour would cost something else.
    const used = quarters.map((_, index) => 1 + (index % 4) * 2);
    const meter = await inRoom('Quarter-hour meter', 'kWh');
    await writeReadings(server.db, meter, { ts: quarters, values: used });
    // A quarter-hourly day-ahead price, as the market has had since October 2025: each quarter its own.
    const quarterPrice = (index: number) => 0.1 + (index % 4) * 0.05 - (Math.floor(index / 4) % 3) * 0.01;
    const byQuarter = await inRoom('Quarter-hourly price', 'EUR/kWh');
    await writeReadings(server.db, byQuarter, {
      ts: quarters,
      values: quarters.map((_, i) => quarterPrice(i)),
    });
    const hours = quarters.filter((_, index) => index % 4 === 0);
    const hourPrice = (hour: number) => 0.2 - (hour % 5) * 0.03;
    const byHour = await inRoom('Hourly price', 'EUR/kWh');
    await writeReadings(server.db, byHour, { ts: hours, values: hours.map((_, hour) => hourPrice(hour)) });

    const dayCost = async (pricePoint: number) => {
      const dynamic = await create(
        tariff({
          name: `Day-ahead ${pricePoint}`,
          versions: [version({ dynamic: { dataPointId: pricePoint }, standingPerDay: 0, taxes: [] })],
          assignments: [{ kind: 'dataPoint', id: meter.id }],
        }),
      );
      expect(dynamic.status, JSON.stringify(dynamic.body)).toBe(200);
      const answer = await costs([meter.id], 'day', '2026-04-07T00:00:00+02:00', '2026-04-08T00:00:00+02:00');
      await remove(dynamic.body.tariff.id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.points[0].buckets[0].energy.Dynamic as number;
    };
    const perQuarter = used.reduce((sum, amount, index) => sum + amount * quarterPrice(index), 0);
    expect(await dayCost(byQuarter.id)).toBeCloseTo(perQuarter, 9);
    const perHour = used.reduce((sum, amount, index) => sum + amount * hourPrice(Math.floor(index / 4)), 0);
    expect(await dayCost(byHour.id)).toBeCloseTo(perHour, 9);
    for (const { id } of [meter, byQuarter, byHour])
      expect((await server.api('deleteDataPoint', owner.token, { dataPointId: id })).status).toBe(200);
  });

  it("prices a place's meters: its main ones when a place under it is tagged fiscal, else all of them", async () => {
    const site = await create(
      tariff({ name: 'Whole site', assignments: [{ kind: 'entity', id: places.siteId }] }),
    );
    const range = { from: '2026-03-01T00:00:00+01:00', to: '2026-04-01T00:00:00+02:00', bucket: 'month' };
    const byPlace = await server.api('tariffCostAndTime', owner.token, { entityId: places.siteId, ...range });
    expect(byPlace.status, JSON.stringify(byPlace.body)).toBe(200);
    const ids = byPlace.body.points.map((point: { dataPointId: number }) => point.dataPointId);
    expect(ids).toEqual([main, sub, gas, price, centsPrice]);
    const byIds = await server.api('tariffCostAndTime', owner.token, { dataPointIds: ids, ...range });
    expect(byPlace.body.points).toEqual(byIds.body.points);
    expect(byPlace.body.points[0].name).toBe('Main incomer');

    await server.db
      .updateTable('entities')
      .set({ tags: ['fiscal'] })
      .where('id', '=', places.roomId)
      .execute();
    const fiscal = await server.api('tariffCostAndTime', owner.token, {
      entityId: places.buildingId,
      ...range,
    });
    expect(fiscal.body.points.map((point: { dataPointId: number }) => point.dataPointId)).toEqual(ids);
    await server.db.updateTable('entities').set({ tags: [] }).where('id', '=', places.roomId).execute();
    await remove(site.body.tariff.id);
  });

  it('copies a tariff as a new one, and gives it a new version from a date', async () => {
    const original = await create(tariff({ name: '2026 prices', assignments: [{ kind: 'organisation' }] }));
    const copy = await server.api('cloneTariff', owner.token, {
      id: original.body.tariff.id,
      as: 'tariff',
      name: '2027 prices',
    });
    expect(copy.status).toBe(200);
    expect(copy.body.tariff).toMatchObject({
      name: '2027 prices',
      assignments: [],
      versions: original.body.tariff.versions,
    });
    const versioned = await server.api('cloneTariff', owner.token, {
      id: original.body.tariff.id,
      as: 'version',
      validFrom: '2026-07-01',
    });
    expect(versioned.status).toBe(200);
    expect(versioned.body.tariff.versions.map((v: TariffVersion) => [v.validFrom, v.validTo])).toEqual([
      ['2026-01-01', '2026-07-01'],
      ['2026-07-01', null],
    ]);
    expect(versioned.body.tariff.assignments).toEqual([{ kind: 'organisation' }]);
    const early = await server.api('cloneTariff', owner.token, {
      id: original.body.tariff.id,
      as: 'version',
      validFrom: '2026-03-01',
    });
    expect(early.status).toBe(400);
    expect(early.body.issues[0].pointer).toBe('/validFrom');
    const listed = await send(server, 'GET', 'getUserTariffs', owner.token);
    expect(listed.body.tariffs.map((listedTariff: { name: string }) => listedTariff.name)).toEqual([
      '2026 prices',
      '2027 prices',
    ]);
  });
});
