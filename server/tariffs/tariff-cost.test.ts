import { describe, expect, it } from 'vitest';
import type { TariffVersion } from '../../src/generated/api-types';
import { type CostBucketSize, type PriceSeries, tariffCost } from './tariff-cost';
import { bucketLabel, localOf, referenceCost } from './tariff-cost-reference.test-helper';

const QUARTER = 900_000;
const HOUR = 3_600_000;

/** A seeded generator, so a failure can be run again as it was. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A meter read every quarter of an hour, with now and then a reading missed or a second one in a quarter. */
function quarterHourReadings(from: string, to: string, seed: number): { ts: number; used: number }[] {
  const next = random(seed);
  const readings: { ts: number; used: number }[] = [];
  for (let at = Date.parse(from); at < Date.parse(to); at += QUARTER) {
    const roll = next();
    if (roll < 0.01) continue;
    readings.push({ ts: at, used: Math.round(next() * 4000) / 1000 });
    if (roll > 0.995) readings.push({ ts: at + 420_000, used: Math.round(next() * 2000) / 1000 });
  }
  return readings;
}

const grid = (hour: (month: number, hour: number) => number | null) =>
  Array.from({ length: 12 }, (_, month) => Array.from({ length: 24 }, (_, h) => hour(month + 1, h)));

/** Peak on weekday daytimes (shorter in summer), off-peak with two tiers, a holiday window. */
function timeOfUse(overrides: Partial<TariffVersion> = {}): TariffVersion {
  return {
    validFrom: '2026-01-01',
    validTo: null,
    windows: [
      {
        name: 'Off-peak',
        tiers: [
          { upTo: 800, price: 0.2 },
          { upTo: 1500, price: 0.17 },
          { upTo: null, price: 0.15 },
        ],
      },
      { name: 'Peak', tiers: [{ upTo: null, price: 0.34 }] },
      { name: 'Holiday', tiers: [{ upTo: null, price: 0.1 }] },
    ],
    schedule: {
      weekday: grid((month, hour) =>
        (month >= 6 && month <= 8 ? hour >= 12 && hour < 18 : hour >= 8 && hour < 20) ? 1 : 0,
      ),
      weekend: grid(() => 0),
      holiday: grid(() => 2),
    },
    holidays: ['2026-04-03', '2026-05-01', '2026-10-03'],
    standingPerDay: 0.85,
    demandPerKw: 9.5,
    taxes: [
      { name: 'VAT', percent: 19 },
      { name: 'Levy', perUnit: 0.0205 },
    ],
    emissions: { kgPerUnit: 0.366 },
    ...overrides,
  };
}

interface Case {
  readings: { ts: number; used: number }[];
  versions: TariffVersion[];
  timeZone: string;
  from: string;
  to: string;
  bucket: CostBucketSize;
  prices?: ReadonlyMap<number, PriceSeries>;
}

/** tariffCost and the reference agree on every bucket, part by part, and on what has no price. */
function expectAgreement(test: Case): void {
  const from = Date.parse(test.from);
  const to = Date.parse(test.to);
  const series = { ts: test.readings.map((r) => r.ts), used: test.readings.map((r) => r.used) };
  const ours = tariffCost({
    series,
    versions: test.versions,
    timeZone: test.timeZone,
    from,
    to,
    bucket: test.bucket,
    prices: test.prices,
  });
  const reference = referenceCost({ ...test, from, to });
  const local = localOf(test.timeZone);
  const labelled = new Map(
    ours.buckets.map((bucket) => [bucketLabel(local(bucket.start), test.bucket), bucket]),
  );
  expect([...labelled.keys()].sort()).toEqual([...reference.buckets.keys()].sort());
  for (const [label, expected] of reference.buckets) {
    const bucket = labelled.get(label);
    const close = (value: number | undefined, wanted: number, what: string) =>
      expect(value ?? 0, `${label} ${what}`).toBeCloseTo(wanted, 6);
    close(bucket?.consumption, expected.consumption, 'consumption');
    close(bucket?.standing, expected.standing, 'standing');
    close(bucket?.demand, expected.demand, 'demand');
    close(bucket?.total, expected.total, 'total');
    close(bucket?.co2Kg, expected.co2Kg, 'CO2');
    close(bucket?.demandKw, expected.demandKw, 'demand kW');
    for (const [window, amount] of Object.entries(expected.energy))
      close(bucket?.energy[window], amount, window);
    for (const [window, amount] of Object.entries(expected.use))
      close(bucket?.use[window], amount, `${window} use`);
    for (const [tax, amount] of Object.entries(expected.taxes)) close(bucket?.taxes[tax], amount, tax);
  }
  expect(ours.unpriced).toBeCloseTo(reference.unpriced, 6);
  expect(ours.total).toBeCloseTo(
    [...reference.buckets.values()].reduce((sum, bucket) => sum + bucket.total, 0),
    6,
  );
}

describe('tariffCost against the reference, reading by reading', () => {
  const berlin = quarterHourReadings('2026-02-20T00:00:00Z', '2026-11-10T00:00:00Z', 1);

  it.each(['month', 'day', 'hour'] as const)(
    'time-of-use with tiers, a demand charge and taxes, across both DST changes in Europe/Berlin, by %s',
    (bucket) => {
      expectAgreement({
        readings: berlin,
        versions: [timeOfUse()],
        timeZone: 'Europe/Berlin',
        from: '2026-03-01T00:00:00+01:00',
        to: '2026-11-01T00:00:00+01:00',
        bucket,
      });
    },
  );

  it.each(['month', 'day'] as const)(
    'the same across both DST changes in Australia/Sydney, by %s',
    (bucket) => {
      expectAgreement({
        readings: quarterHourReadings('2026-03-01T00:00:00Z', '2026-11-01T00:00:00Z', 2),
        versions: [timeOfUse()],
        timeZone: 'Australia/Sydney',
        from: '2026-03-14T13:00:00Z',
        to: '2026-10-20T13:00:00Z',
        bucket,
      });
    },
  );

  it('a version change in the middle of a month splits its tiers, its demand charge and its taxes there', () => {
    const first = timeOfUse({ validTo: '2026-03-15' });
    const second = timeOfUse({
      validFrom: '2026-03-15',
      windows: [
        {
          name: 'Off-peak',
          tiers: [
            { upTo: 300, price: 0.25 },
            { upTo: null, price: 0.19 },
          ],
        },
        { name: 'Peak', tiers: [{ upTo: null, price: 0.41 }] },
        { name: 'Holiday', tiers: [{ upTo: null, price: 0.12 }] },
      ],
      demandPerKw: 12,
      standingPerDay: 1.1,
      taxes: [{ name: 'VAT', percent: 7 }],
    });
    for (const bucket of ['month', 'day'] as const) {
      expectAgreement({
        readings: berlin,
        versions: [first, second],
        timeZone: 'Europe/Berlin',
        from: '2026-03-01T00:00:00+01:00',
        to: '2026-05-01T00:00:00+02:00',
        bucket,
      });
    }
    const march = tariffCost({
      series: { ts: berlin.map((r) => r.ts), used: berlin.map((r) => r.used) },
      versions: [first, second],
      timeZone: 'Europe/Berlin',
      from: Date.parse('2026-03-01T00:00:00+01:00'),
      to: Date.parse('2026-04-01T00:00:00+02:00'),
      bucket: 'month',
    });
    // One bucket, charged by both versions: 14 days' standing at 0.85 and 17 at 1.1.
    expect(march.buckets).toHaveLength(1);
    expect(march.buckets[0]?.standing).toBeCloseTo(14 * 0.85 + 17 * 1.1, 9);
  });

  it('dynamic prices, negative ones included, held from each price until the next', () => {
    const next = random(3);
    const ts: number[] = [];
    const price: number[] = [];
    // Day-ahead prices on the half hour, from before the range, some below zero.
    for (let at = Date.parse('2026-03-01T00:30:00Z'); at < Date.parse('2026-05-01T00:00:00Z'); at += HOUR) {
      ts.push(at);
      price.push(Math.round((next() * 0.5 - 0.12) * 10_000) / 10_000);
    }
    const dynamic = timeOfUse({
      dynamic: { dataPointId: 7, adder: 0.015 },
      emissions: { intensityDataPointId: 8 },
    });
    // The grid's carbon intensity every quarter of an hour, on the 5th minute, in kg/kWh.
    const intensityTs: number[] = [];
    const intensity: number[] = [];
    for (
      let at = Date.parse('2026-03-01T00:05:00Z');
      at < Date.parse('2026-05-01T00:00:00Z');
      at += QUARTER
    ) {
      intensityTs.push(at);
      intensity.push(Math.round((0.15 + next() * 0.35) * 1000) / 1000);
    }
    const prices = new Map([
      [7, { ts, price }],
      [8, { ts: intensityTs, price: intensity }],
    ]);
    expect(price.some((value) => value < 0)).toBe(true);
    for (const bucket of ['month', 'day', 'hour'] as const) {
      expectAgreement({
        readings: berlin,
        versions: [dynamic],
        timeZone: 'Europe/Berlin',
        from: '2026-03-01T00:00:00+01:00',
        to: '2026-05-01T00:00:00+02:00',
        bucket,
        prices,
      });
    }
    const early = tariffCost({
      series: { ts: berlin.map((r) => r.ts), used: berlin.map((r) => r.used) },
      versions: [dynamic],
      timeZone: 'Europe/Berlin',
      from: Date.parse('2026-03-01T00:00:00Z'),
      to: Date.parse('2026-03-01T01:00:00Z'),
      bucket: 'hour',
      prices,
    });
    // Before the first price at 00:30 nothing is priced: the two quarters before it are unpriced.
    const beforeFirst = berlin.filter(
      (r) => r.ts >= Date.parse('2026-03-01T00:00:00Z') && r.ts < (ts[0] as number),
    );
    expect(early.unpriced).toBeCloseTo(
      beforeFirst.reduce((sum, r) => sum + r.used, 0),
      9,
    );
  });

  it('consumption outside every version is unpriced, not charged', () => {
    expectAgreement({
      readings: berlin,
      versions: [timeOfUse({ validFrom: '2026-04-10', validTo: '2026-06-01' })],
      timeZone: 'Europe/Berlin',
      from: '2026-03-01T00:00:00+01:00',
      to: '2026-07-01T00:00:00+02:00',
      bucket: 'month',
    });
  });
});

describe('tariffCost on the days the clocks change', () => {
  /** A window per hour, priced at the hour's number: a day's energy shows which hours it held. */
  const hourly: TariffVersion = {
    validFrom: '2026-01-01',
    validTo: null,
    windows: Array.from({ length: 24 }, (_, hour) => ({
      name: `h${hour}`,
      tiers: [{ upTo: null, price: hour }],
    })),
    schedule: { weekday: grid((_, hour) => hour), weekend: grid((_, hour) => hour) },
  };
  const everyQuarter = (from: string, to: string) => {
    const ts: number[] = [];
    for (let at = Date.parse(from); at < Date.parse(to); at += QUARTER) ts.push(at);
    return { ts, used: ts.map(() => 1) };
  };

  it('prices the repeated hour of a 25-hour day twice at that hour, and a 23-hour day without its skipped hour', () => {
    const autumn = tariffCost({
      series: everyQuarter('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'),
      versions: [hourly],
      timeZone: 'Europe/Berlin',
      from: Date.parse('2026-10-24T22:00:00Z'),
      to: Date.parse('2026-10-25T23:00:00Z'),
      bucket: 'day',
    });
    expect(autumn.buckets).toHaveLength(1);
    expect(autumn.buckets[0]?.consumption).toBe(100);
    // 4 quarters of every hour at its price, and hour 2 once more.
    expect(autumn.buckets[0]?.total).toBe(4 * 276 + 4 * 2);
    expect(autumn.buckets[0]?.energy.h2).toBe(16);

    const spring = tariffCost({
      series: everyQuarter('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'),
      versions: [hourly],
      timeZone: 'Europe/Berlin',
      from: Date.parse('2026-03-28T23:00:00Z'),
      to: Date.parse('2026-03-29T22:00:00Z'),
      bucket: 'day',
    });
    expect(spring.buckets[0]?.consumption).toBe(92);
    expect(spring.buckets[0]?.total).toBe(4 * (276 - 2));
    expect(spring.buckets[0]?.energy.h2).toBeUndefined();
  });

  it('keeps the two repeated hours as two hourly buckets', () => {
    const autumn = tariffCost({
      series: everyQuarter('2026-10-25T00:00:00Z', '2026-10-25T02:00:00Z'),
      versions: [hourly],
      timeZone: 'Europe/Berlin',
      from: Date.parse('2026-10-25T00:00:00Z'),
      to: Date.parse('2026-10-25T02:00:00Z'),
      bucket: 'hour',
    });
    expect(autumn.buckets.map((bucket) => new Date(bucket.start).toISOString())).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
    ]);
    expect(autumn.buckets.map((bucket) => bucket.total)).toEqual([8, 8]);
  });
});
