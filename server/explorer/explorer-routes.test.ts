import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import { writeReadings } from '../readings/write-readings';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

const DAY = '2026-06-01';
/** Hourly readings for one London summer day (UTC+1): 23:00 UTC the day before to 23:00 UTC. */
const hours = Array.from({ length: 24 }, (_, hour) => Date.parse(`${DAY}T00:00:00+01:00`) + hour * 3_600_000);

describeEachEngine('Data Explorer endpoints on %s', (engine) => {
  let server: Server;
  let a: Member;
  let b: Member;
  const ids = { room: 0, main: 0, chillers: 0, lighting: 0, temperature: 0, bPoint: 0 };

  beforeAll(async () => {
    server = await startTestApp(engine);
    a = await server.memberOfNewOrganisation('a@explorer.test', 'Explorer A');
    b = await server.memberOfNewOrganisation('b@explorer.test', 'Explorer B');
    const placesA = await siteWithRoom(server.db, a.organisationId, 'Europe/London');
    const placesB = await siteWithRoom(server.db, b.organisationId, 'Europe/London');
    ids.room = placesA.roomId;
    const point = (name: string, unit: string, kind: string, intent = 'electricity') => ({
      entityId: placesA.roomId,
      name,
      intent,
      unit,
      kind,
      intervalMinutes: 60,
    });
    const added = await server.api('addDataPointsRef', a.token, {
      dataPoints: [
        point('Main meter', 'kWh', 'interval'),
        point('Chillers', 'kWh', 'interval'),
        point('Lighting', 'kWh', 'interval'),
        point('Office temperature', '°C', 'instantaneous', 'temperature'),
      ],
    });
    expect(added.status).toBe(200);
    [ids.main, ids.chillers, ids.lighting, ids.temperature] = added.body.dataPoints.map(
      (p: { id: number }) => p.id,
    );
    const bAdded = await server.api('addDataPointsRef', b.token, {
      dataPoints: [
        { entityId: placesB.siteId, name: 'B meter', intent: 'electricity', unit: 'kWh', kind: 'interval' },
      ],
    });
    ids.bPoint = bAdded.body.dataPoints[0].id;
    // Main 10 kWh an hour, chillers 4, lighting 1 except a missing 12:00; temperature 20 + hour / 2.
    const write = (id: number, values: (number | null)[]) =>
      server.db.transaction().execute((trx) =>
        writeReadings(
          trx,
          { id },
          {
            ts: hours.filter((_, i) => values[i] !== null),
            values: values.filter((value): value is number => value !== null),
          },
        ),
      );
    await write(
      ids.main,
      hours.map(() => 10),
    );
    await write(
      ids.chillers,
      hours.map(() => 4),
    );
    await write(
      ids.lighting,
      hours.map((_, hour) => (hour === 12 ? null : 1)),
    );
    await write(
      ids.temperature,
      hours.map((_, hour) => 20 + hour / 2),
    );
  });
  afterAll(async () => server?.close());

  const day = { from: `${DAY}T00:00:00+01:00`, to: `2026-06-02T00:00:00+01:00` };

  it('sums consumption and averages temperatures per local hour, with a gap where a reading is missing', async () => {
    const response = await server.api('getChartDataByDate', a.token, {
      dataPointIds: [ids.lighting, ids.temperature],
      ...day,
      resolution: 'hour',
    });
    expect(response.status).toBe(200);
    const [lighting, temperature] = response.body.series;
    expect(lighting).toMatchObject({ name: 'Lighting', unit: 'kWh', aggregate: 'sum', kind: 'interval' });
    expect(lighting.points.t).toHaveLength(24);
    expect(lighting.points.v[12]).toBeNull();
    expect(lighting.points.v.filter((v: number | null) => v === 1)).toHaveLength(23);
    expect(lighting.summary).toMatchObject({ total: 23, min: 1, max: 1, mean: 1, buckets: 23 });
    expect(temperature).toMatchObject({ aggregate: 'avg', unit: '°C' });
    expect(temperature.summary).toMatchObject({ min: 20, max: 31.5, total: null });
    expect(response.body.from).toBe('2026-05-31T23:00:00.000Z');
  });

  it('reduces a series longer than the chart is wide to the lowest and highest value per pixel', async () => {
    const response = await server.api('getChartDataByDate', a.token, {
      dataPointIds: [ids.temperature],
      ...day,
      resolution: 'raw',
      width: 50,
    });
    const [temperature] = response.body.series;
    // 24 readings fit in 50 pixels: nothing to reduce.
    expect(temperature.points).toMatchObject({ reduced: false });
    expect(temperature.points.v).toHaveLength(24);
    const narrow = await server.api('getChartDataByDate', a.token, {
      dataPointIds: [ids.temperature],
      from: '2026-05-01T00:00:00Z',
      to: '2026-07-01T00:00:00Z',
      resolution: '15min',
      width: 50,
    });
    const series = narrow.body.series[0];
    expect(series.points.t.length).toBeLessThanOrEqual(100);
    expect(series.points.reduced).toBe(true);
    // The extremes survive the reduction.
    expect(Math.max(...series.points.v.filter((v: number | null) => v !== null))).toBe(31.5);
    expect(Math.min(...series.points.v.filter((v: number | null) => v !== null))).toBe(20);
    // Columns with no data are gaps, not zeros.
    expect(series.points.v).toContain(null);
    expect(series.points.v).not.toContain(0);
  });

  it('computes a virtual point per bucket: unmetered = main − (chillers + lighting), a gap where an input has none', async () => {
    const created = await server.api('virtualDatapoint', a.token, {
      name: 'Unmetered',
      formula: '[Main meter] - ([Chillers] + [Lighting])',
    });
    expect(created.status).toBe(200);
    expect(created.body.dataPoint).toMatchObject({
      kind: 'interval',
      unit: 'kWh',
      formula: '[Main meter] - ([Chillers] + [Lighting])',
      inputs: [ids.main, ids.chillers, ids.lighting],
    });
    const response = await server.api('getChartDataByDate', a.token, {
      dataPointIds: [created.body.dataPoint.id],
      ...day,
      resolution: 'hour',
    });
    const [unmetered] = response.body.series;
    expect(unmetered.virtual).toBe(true);
    expect(unmetered.points.v[0]).toBe(5);
    expect(unmetered.points.v[12]).toBeNull();
    expect(unmetered.summary.total).toBe(5 * 23);
    const daily = await server.api('explorerSummary', a.token, {
      dataPointIds: [created.body.dataPoint.id, ids.main],
      ...day,
      resolution: 'day',
    });
    // Per day, the lighting total (23) is what the formula subtracts.
    expect(daily.body.summaries[0].current.total).toBe(240 - 96 - 23);
    expect(daily.body.summaries[1].current.total).toBe(240);
    expect(daily.body.summaries[1].previous).toMatchObject({ buckets: 0, total: null });
  });

  it('refuses formulas with cycles, unknown names and foreign ids, and turns a division by zero into a gap', async () => {
    const ratio = await server.api('virtualDatapoint', a.token, {
      name: 'Ratio',
      formula: '[Main meter] / 0',
    });
    expect(ratio.status).toBe(200);
    const series = await server.api('getChartDataByDate', a.token, {
      dataPointIds: [ratio.body.dataPoint.id],
      ...day,
      resolution: 'hour',
    });
    expect(series.body.series[0].points.v.every((v: number | null) => v === null)).toBe(true);

    const twice = await server.api('virtualDatapoint', a.token, { name: 'Twice', formula: '[Ratio] * 2' });
    const cycle = await server.api(
      'virtualDatapoint',
      a.token,
      { dataPointId: ratio.body.dataPoint.id, formula: '[Twice] + 1' },
      'PUT',
    );
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toBe('The formula refers to itself: "Ratio" → "Twice" → "Ratio".');
    const unchanged = await server.api('virtualDatapoint/check', a.token, { formula: '[Ratio]' });
    expect(unchanged.body.formula).toBe('[Ratio]');

    const unknown = await server.api('virtualDatapoint', a.token, {
      name: 'X',
      formula: '[Main meter] - [Nope]',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'The formula cannot be read at character 16: there is no data point called "Nope".',
    );
    const foreign = await server.api('virtualDatapoint', a.token, {
      name: 'X',
      formula: `#${ids.bPoint} * 2`,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`There is no data point #${ids.bPoint} in your organisation.`);
    const broken = await server.api('virtualDatapoint/check', a.token, { formula: '([Main meter] - 2' });
    expect(broken.body.message).toBe(
      'The formula cannot be read at character 18: the "(" at character 1 is never closed.',
    );
    const used = await server.app.inject({
      method: 'DELETE',
      url: `/api/virtualDatapoint/${ratio.body.dataPoint.id}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(used.statusCode).toBe(409);
    expect(twice.status).toBe(200);
  });

  it('refuses a 100-year period, 10,000 data points, another organisation’s point and an oversized raw request', async () => {
    const century = await server.api('getChartDataByDate', a.token, {
      dataPointIds: [ids.main],
      from: '1950-01-01T00:00:00Z',
      to: '2050-01-01T00:00:00Z',
    });
    expect(century.status).toBe(400);
    expect(century.body.message).toBe('The period is 100 years long; at most 20 years can be shown at once.');
    const many = await server.api('getChartDataByDate', a.token, {
      dataPointIds: Array.from({ length: 10_000 }, (_, i) => i + 1),
      ...day,
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(
      'The request body is not valid: /dataPointIds: must have at most 200 items',
    );
    const foreign = await server.api('getChartDataByDate', a.token, { dataPointIds: [ids.bPoint], ...day });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`There is no data point ${ids.bPoint} in your organisation.`);
    expect(JSON.stringify(foreign.body)).not.toContain('B meter');
    // A sensor read every minute: twenty years of it raw is about 10.5 million readings.
    const minutely = await server.api('addDataPointsRef', a.token, {
      dataPoints: [
        {
          entityId: ids.room,
          name: 'CO2 every minute',
          intent: 'co2',
          unit: 'ppm',
          kind: 'instantaneous',
          intervalMinutes: 1,
        },
      ],
    });
    const huge = await server.api('getChartDataByDate', a.token, {
      dataPointIds: [minutely.body.dataPoints[0].id],
      from: '2010-01-01T00:00:00Z',
      to: '2029-12-01T00:00:00Z',
      resolution: 'raw',
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toContain('choose a coarser resolution');
    const backwards = await server.api('explorerSummary', a.token, {
      dataPointIds: [ids.main],
      from: day.to,
      to: day.from,
    });
    expect(backwards.status).toBe(400);
  });

  it('ranks consumers, maps usage by hour of week and exports CSV and XLSX', async () => {
    const top = await server.api('usage', a.token, { ...day, by: 'dataPoint', unit: 'kWh' });
    expect(top.status).toBe(200);
    expect(top.body.ranking.map((rank: { name: string }) => rank.name)).toEqual([
      'Main meter',
      'Chillers',
      'Lighting',
    ]);
    expect(top.body.ranking[0]).toMatchObject({ total: 240, previousTotal: null, share: 66.9 });
    // 240 of 240 + 96 + 23 kWh (lighting misses an hour).
    const heat = await server.api('usage', a.token, { ...day, by: 'hourOfWeek' });
    expect(heat.body.cells).toHaveLength(168);
    // 1 June 2026 is a Monday; at local noon lighting is missing: 10 + 4.
    expect(
      heat.body.cells.find((c: { weekday: number; hour: number }) => c.weekday === 1 && c.hour === 12).mean,
    ).toBe(14);
    expect(
      heat.body.cells.find((c: { weekday: number; hour: number }) => c.weekday === 2 && c.hour === 12).mean,
    ).toBeNull();

    const csv = await server.api('getChartDataByS3', a.token, {
      dataPointIds: [ids.main, ids.lighting],
      ...day,
      resolution: 'hour',
      format: 'csv',
    });
    expect(csv.status).toBe(200);
    expect(csv.body.rows).toBe(24);
    const file = await server.app.inject({ method: 'GET', url: csv.body.url });
    expect(file.headers['content-disposition']).toContain('attachment');
    const lines = file.body.trim().split('\r\n');
    // Headings holding a comma are quoted, as RFC 4180 says.
    expect(lines[0]).toBe(
      'Time (UTC),Local time (Europe/London),"Main meter (kWh, sum)","Lighting (kWh, sum)"',
    );
    expect(lines[1]).toBe('2026-05-31T23:00:00.000Z,2026-06-01 00:00,10,1');
    expect(lines[13]).toBe('2026-06-01T11:00:00.000Z,2026-06-01 12:00,10,');

    const xlsx = await server.api('getChartDataByS3', a.token, {
      dataPointIds: [ids.main],
      ...day,
      format: 'xlsx',
      resolution: 'day',
    });
    const workbook = new ExcelJS.Workbook();
    const bytes = (await server.app.inject({ method: 'GET', url: xlsx.body.url })).rawPayload;
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(2).getCell(3).value).toBe(240);
  });

  it('lists the points to pick with their place and tags, and pages through stored readings', async () => {
    const picked = await server.api('getEntitesForDataExplorer', a.token, { search: 'light' });
    expect(picked.body.dataPoints.map((point: { name: string }) => point.name)).toEqual(['Lighting']);
    expect(picked.body.dataPoints[0].path.length).toBeGreaterThan(1);
    const all = await server.api('getEntitesForDataExplorer', a.token, {});
    expect(all.body.dataPoints.map((point: { name: string }) => point.name)).not.toContain('B meter');
    const page = await server.api('getChartDataByDateTimestream', a.token, {
      dataPointId: ids.main,
      ...day,
      limit: 10,
    });
    expect(page.body.readings).toHaveLength(10);
    const rest = await server.api('getChartDataByDateTimestream', a.token, {
      dataPointId: ids.main,
      ...day,
      limit: 50,
      after: page.body.next,
    });
    expect(rest.body.readings).toHaveLength(14);
    expect(rest.body.next).toBeNull();
    const foreign = await server.api('getChartDataByDateTimestream', b.token, {
      dataPointId: ids.main,
      ...day,
    });
    expect(foreign.status).toBe(404);
  });
});
