import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataImportResponse, RegisterStep } from '../../src/generated/api-types';
import { describeEachEngine } from '../db/test-database';
import type { ImportMapping } from '../imports/import-mapping';
import { siteWithPoints } from '../imports/points.test-helper';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const MAPPING: ImportMapping = {
  timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
  value: { column: 'kWh', unit: 'kWh' },
  dataPoint: { column: 'Meter' },
};
const QUARTER = 900_000;
const DAY_START = Date.parse('2024-01-15T00:00:00Z');
const GAP_END = Date.parse('2024-07-16T00:00:00Z');

/** A day of quarter-hours at 7 kWh an hour, from 52 000 to 52 168, then the register at 30 000 six months on. */
function meterFile(meter: string): string {
  const lines = ['Meter,Time,kWh'];
  for (let quarter = 0; quarter <= 96; quarter++) {
    lines.push(
      `${meter},${new Date(DAY_START + quarter * QUARTER).toISOString()},${52_000 + quarter * 1.75}`,
    );
  }
  lines.push(`${meter},${new Date(GAP_END).toISOString()},30000`);
  return `${lines.join('\n')}\n`;
}

describeEachEngine('suspicious register steps through the API on %s', (engine) => {
  let server: Server;
  let member: Awaited<ReturnType<Server['memberOfNewOrganisation']>>;
  let points: Record<string, number>;

  beforeAll(async () => {
    server = await startTestApp(engine);
    member = await server.memberOfNewOrganisation('steps@example.test', 'Steps');
    points = await siteWithPoints(server.db, member.organisationId, 'Europe/London', [
      { name: 'Main meter', unit: 'kWh', kind: 'cumulative' },
      { name: 'Annex meter', unit: 'kWh', kind: 'cumulative' },
      { name: 'Late meter', unit: 'kWh', kind: 'cumulative' },
      { name: 'Jump meter', unit: 'kWh', kind: 'cumulative' },
      { name: 'Pushed jump meter', unit: 'kWh', kind: 'cumulative' },
    ]);
  }, 60_000);
  afterAll(async () => server?.close());

  async function importFile(text: string): Promise<DataImportResponse> {
    const file = await server.upload(
      'meterfiles?name=meter.csv',
      member.token,
      Buffer.from(text),
      'text/csv',
    );
    const started = await server.api('dataImport', member.token, {
      fileId: file.body.fileId,
      mapping: MAPPING,
    });
    expect(started.status).toBe(200);
    const ended = await server.api('getUserDataImport', member.token, {
      importId: started.body.id,
      waitMs: 25_000,
    });
    return ended.body.imports[0] as DataImportResponse;
  }

  async function stepOf(pointId: number | undefined): Promise<RegisterStep> {
    const listed = await server.api('registerSteps', member.token, { dataPointId: pointId });
    expect(listed.status).toBe(200);
    return listed.body.steps[0] as RegisterStep;
  }

  const decide = (id: number, decision: string) =>
    server.api('registerStepDecide', member.token, { id, decision });

  /** The point's daily consumption by local date, to the thousandth. */
  async function days(pointId: number | undefined): Promise<Record<string, number | null>> {
    const { rows } = await sql<{ day: string; consumption: number | null }>`
      select day::text as day, consumption from readings_daily where data_point_id = ${pointId} order by day`.execute(
      server.db,
    );
    return Object.fromEntries(
      rows.map((row) => [
        row.day,
        row.consumption === null ? null : Math.round(row.consumption * 1000) / 1000,
      ]),
    );
  }

  it('says in the import summary how many steps look wrong and which is first; the data point counts it open', async () => {
    const done = await importFile(meterFile('Main meter'));
    expect(done.status).toBe('done');
    expect(done.suspiciousSteps).toEqual({
      count: 1,
      first: {
        dataPointId: points['Main meter'],
        dataPointName: 'Main meter',
        from: '2024-01-16T00:00:00.000Z',
        to: '2024-07-16T00:00:00.000Z',
        fromValue: 52_168,
        toValue: 30_000,
        kind: 'drop',
        used: 30_000,
      },
    });
    expect(done.message).toBe(
      "Imported 98 rows into 1 data point. 1 step looks wrong: Main meter fell from 52,168 to 30,000, neither a reset nor a rollover, between 2024-01-16 00:00 and 2024-07-16 00:00 UTC. It is booked as sent until you decide on its data point's page.",
    );
    const point = await server.api('getDataPoint', member.token, { dataPointId: points['Main meter'] });
    expect(point.body.dataPoints[0].openSteps).toBe(1);
    const open = await server.api('registerSteps', member.token, {});
    expect(open.body).toMatchObject({
      open: 1,
      steps: [{ dataPointName: 'Main meter', kind: 'drop', status: 'open' }],
    });
    // Until someone decides, the step is booked as the register says: 30 000 kWh in one quarter-hour.
    expect((await days(points['Main meter']))['2024-01-16']).toBe(30_000);
  });

  it('books a spread step evenly over the local days of its gap, an excluded one as nothing, an accepted one at once', async () => {
    const step = await stepOf(points['Main meter']);
    const spread = await decide(step.id, 'spread');
    expect(spread.status).toBe(200);
    expect(spread.body.step).toMatchObject({ id: step.id, status: 'spread', decidedBy: expect.any(String) });
    expect(spread.body.step.decidedAt).not.toBeNull();
    const hours = (GAP_END - Date.parse('2024-01-16T00:00:00Z')) / 3_600_000;
    const spreadDays = await days(points['Main meter']);
    // 24 hours of the 4 368 on an ordinary day; 23 on the day the clocks go forward; the day before the gap
    // keeps its own use.
    expect(spreadDays['2024-01-15']).toBe(168);
    expect(spreadDays['2024-02-01']).toBe(Math.round(((30_000 * 24) / hours) * 1000) / 1000);
    expect(spreadDays['2024-03-31']).toBe(Math.round(((30_000 * 23) / hours) * 1000) / 1000);
    const total = await sql<{ total: number }>`
      select sum(consumption) as total from readings_daily where data_point_id = ${points['Main meter']}`.execute(
      server.db,
    );
    expect(total.rows[0]?.total).toBeCloseTo(168 + 30_000, 6);
    expect(
      (await server.api('getDataPoint', member.token, { dataPointId: points['Main meter'] })).body
        .dataPoints[0].openSteps,
    ).toBe(0);

    expect((await decide(step.id, 'excluded')).status).toBe(200);
    const excludedDays = await days(points['Main meter']);
    expect(excludedDays['2024-01-16']).toBe(0);
    expect(excludedDays['2024-02-01']).toBeUndefined();
    const delta = await sql<{ delta: number }>`
      select delta from readings where data_point_id = ${points['Main meter']} and ts = '2024-01-16T00:00:00Z'`.execute(
      server.db,
    );
    expect(delta.rows[0]?.delta).toBe(0);

    expect((await decide(step.id, 'accepted')).status).toBe(200);
    expect((await days(points['Main meter']))['2024-01-16']).toBe(30_000);
    // The readings themselves are kept as sent throughout.
    const values = await sql<{ value: number }>`
      select value from readings where data_point_id = ${points['Main meter']} and ts >= '2024-01-16T00:00:00Z' order by ts`.execute(
      server.db,
    );
    expect(values.rows.map((row) => row.value)).toEqual([52_168, 30_000]);
  });

  it("refuses a choice that is not one, naming the field, and a step that is not the organisation's", async () => {
    const step = await stepOf(points['Main meter']);
    const wrong = await decide(step.id, 'ignore');
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues.map((issue: { pointer: string }) => issue.pointer)).toEqual(['/decision']);
    const other = await server.memberOfNewOrganisation('other@example.test', 'Others');
    const foreign = await server.api('registerStepDecide', other.token, {
      id: step.id,
      decision: 'excluded',
    });
    expect(foreign).toEqual({
      status: 404,
      body: expect.objectContaining({
        message: `There is no register step ${step.id} in your organisation.`,
      }),
    });
  });

  it('answers a REST push with the suspicious steps its readings are part of', async () => {
    const key = await server.api('restApi', member.token, { name: 'Gateway' });
    const readings = [];
    for (let quarter = 0; quarter <= 96; quarter++) {
      readings.push({
        dataPoint: 'Annex meter',
        ts: new Date(DAY_START + quarter * QUARTER).toISOString(),
        value: 1_000 + quarter,
      });
    }
    // 500 kWh in a quarter-hour, after a day at 4 kWh an hour: over a day of use, at 500 times the rate.
    readings.push({
      dataPoint: 'Annex meter',
      ts: new Date(DAY_START + 97 * QUARTER).toISOString(),
      value: 1_596,
    });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/readings',
      headers: { authorization: `ApiKey ${key.body.secret}` },
      payload: { readings },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().suspiciousSteps).toEqual({
      count: 1,
      first: {
        dataPointId: points['Annex meter'],
        dataPointName: 'Annex meter',
        from: '2024-01-16T00:00:00.000Z',
        to: '2024-01-16T00:15:00.000Z',
        fromValue: 1_096,
        toValue: 1_596,
        kind: 'spike',
        used: 500,
      },
    });
  });

  it('ends a spread when a late reading lands inside its gap: the gap loses it, and the new steps are judged afresh', async () => {
    await importFile(meterFile('Late meter'));
    const step = await stepOf(points['Late meter']);
    expect((await decide(step.id, 'spread')).status).toBe(200);
    expect((await days(points['Late meter']))['2024-05-01']).toBeGreaterThan(0);
    // A reading found later, at the start of May: the register had only reached 52 400 then.
    const late = await importFile('Meter,Time,kWh\nLate meter,2024-05-01T00:00:00Z,52400\n');
    const after = await days(points['Late meter']);
    expect(after['2024-05-01']).toBe(30_000);
    // Days on either side of the late reading lose their share, up to the gap's end (its last reading's
    // day keeps a row: the reading, with no use after it yet).
    expect(after['2024-03-01']).toBeUndefined();
    expect(after['2024-06-01']).toBeUndefined();
    expect(after['2024-07-16']).toBeNull();
    // The rise of 232 to the late reading spans three and a half months without readings: a gap, which
    // books nothing until someone decides.
    expect(after['2024-01-16']).toBe(0);
    // The old step is gone with its choice; the gap and the drop from 52 400 to 30 000 are new open steps.
    const steps = (await server.api('registerSteps', member.token, { dataPointId: points['Late meter'] }))
      .body;
    expect(steps.steps.map((found: RegisterStep) => [found.from, found.kind, found.status])).toEqual([
      ['2024-05-01T00:00:00.000Z', 'drop', 'open'],
      ['2024-01-16T00:00:00.000Z', 'gap', 'open'],
    ]);
    expect(late.suspiciousSteps.count).toBe(2);
  });
  it('books nothing for a register that resumes 30 000 kWh higher after six months silent, imported or pushed, until someone decides; no tariff prices it meanwhile', async () => {
    // A day at 7 kWh an hour, then six months without readings, then the register 30 000 higher: averaged
    // over the gap that is normal use, so no rate check sees it.
    const imported = await importFile(meterFile('Jump meter').replace(/,30000\n$/, ',82168\n'));
    const gap = {
      from: '2024-01-16T00:00:00.000Z',
      to: '2024-07-16T00:00:00.000Z',
      fromValue: 52_168,
      toValue: 82_168,
      kind: 'gap',
      used: 30_000,
    };
    expect(imported.suspiciousSteps).toEqual({
      count: 1,
      first: { dataPointId: points['Jump meter'], dataPointName: 'Jump meter', ...gap },
    });
    expect(imported.message).toContain(
      'Jump meter rose by 30,000 across a gap in its readings, between 2024-01-16 00:00 and 2024-07-16 00:00 UTC. It books nothing until you decide',
    );
    const key = await server.api('restApi', member.token, { name: 'Jump gateway' });
    const readings = meterFile('Pushed jump meter')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map(([dataPoint, ts, value]) => ({ dataPoint, ts, value: Number(value) }));
    (readings.at(-1) as { value: number }).value = 82_168;
    const pushed = await server.app.inject({
      method: 'POST',
      url: '/api/readings',
      headers: { authorization: `ApiKey ${key.body.secret}` },
      payload: { readings },
    });
    expect(pushed.json().suspiciousSteps).toEqual({
      count: 1,
      first: { dataPointId: points['Pushed jump meter'], dataPointName: 'Pushed jump meter', ...gap },
    });

    // Neither rolled up nor priced: the day before the gap holds its 168 kWh and no more.
    const jumpPoints = [points['Jump meter'], points['Pushed jump meter']] as number[];
    for (const pointId of jumpPoints) {
      const daily = await days(pointId);
      expect(daily['2024-01-15']).toBe(168);
      expect(daily['2024-01-16']).toBe(0);
      expect(Object.values(daily).reduce((sum: number, day) => sum + (day ?? 0), 0)).toBe(168);
    }
    // One window, every hour of every month.
    const allDay = Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0));
    const flat = await server.api('utilityOrTariff', member.token, {
      name: 'Flat',
      utility: 'electricity',
      unit: 'kWh',
      currency: 'EUR',
      versions: [
        {
          validFrom: '2024-01-01',
          validTo: null,
          windows: [{ name: 'All day', tiers: [{ upTo: null, price: 0.25 }] }],
          schedule: { weekday: allDay, weekend: allDay },
          standingPerDay: 0,
          demandPerKw: 0,
          taxes: [],
          emissions: { kgPerUnit: 0.3 },
        },
      ],
      assignments: jumpPoints.map((id) => ({ kind: 'dataPoint', id })),
    });
    expect(flat.status, JSON.stringify(flat.body)).toBe(200);
    const priced = async () => {
      const answer = await server.api('tariffCostAndTime', member.token, {
        dataPointIds: jumpPoints,
        from: '2024-01-15T00:00:00Z',
        to: '2024-07-17T00:00:00Z',
        bucket: 'month',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.points.map((point: { total: number; co2Kg: number }) => [
        Math.round(point.total * 100) / 100,
        Math.round(point.co2Kg * 1000) / 1000,
      ]);
    };
    expect(await priced()).toEqual([
      [42, 50.4],
      [42, 50.4],
    ]);

    // Spread, the file's gap books its 30 000 evenly over the six months (each day read to the thousandth);
    // kept, the push's books it at once.
    const [fileStep, pushStep] = await Promise.all(jumpPoints.map((pointId) => stepOf(pointId)));
    expect([fileStep?.kind, fileStep?.status, pushStep?.kind]).toEqual(['gap', 'open', 'gap']);
    expect((await decide(fileStep?.id as number, 'spread')).status).toBe(200);
    expect((await decide(pushStep?.id as number, 'accepted')).status).toBe(200);
    const spread = await days(points['Jump meter']);
    expect(spread['2024-03-01']).toBeCloseTo(30_000 / 182, 3);
    expect(Object.values(spread).reduce((sum: number, day) => sum + (day ?? 0), 0)).toBeCloseTo(30_168, 1);
    expect((await days(points['Pushed jump meter']))['2024-01-16']).toBe(30_000);
    expect(await priced()).toEqual([
      [7542, 9050.4],
      [7542, 9050.4],
    ]);
  });
});
