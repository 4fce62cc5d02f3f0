import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PORTFOLIO, type DemoDataPoint, siteOf } from './portfolio.ts';
import {
  dataGaps,
  firstReadingAt,
  generatePortfolio,
  generateSeries,
  QUARTER_HOUR_MS,
  registerEvent,
  type SeriesOptions,
} from './series.ts';

const Q = QUARTER_HOUR_MS;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Two calendar years: 731 days (2024 is a leap year), 70 176 quarter hours. */
const TWO_YEARS: SeriesOptions = { from: Date.UTC(2024, 0, 1), to: Date.UTC(2026, 0, 1), seed: 42 };

function point(key: string): DemoDataPoint {
  const found = DEMO_PORTFOLIO.dataPoints.find((candidate) => candidate.key === key);
  if (!found) throw new Error(key);
  return found;
}

interface Series {
  ts: number[];
  values: number[];
  chunkSizes: number[];
  chunkStarts: number[];
  /** Value by instant. */
  at: Map<number, number>;
}

function collect(key: string, options: SeriesOptions = TWO_YEARS): Series {
  const series: Series = { ts: [], values: [], chunkSizes: [], chunkStarts: [], at: new Map() };
  for (const chunk of generateSeries(point(key), siteOf(point(key)), options)) {
    expect(chunk.ts.length).toBe(chunk.values.length);
    series.chunkSizes.push(chunk.ts.length);
    series.chunkStarts.push(chunk.ts[0] ?? Number.NaN);
    for (let index = 0; index < chunk.ts.length; index += 1) {
      const ts = chunk.ts[index] as number;
      const value = chunk.values[index] as number;
      series.ts.push(ts);
      series.values.push(value);
      series.at.set(ts, value);
    }
  }
  return series;
}

/** A local wall-clock time as a UTC instant, for a known UTC offset (hours). */
const local = (date: string, hour: number, offsetHours: number) =>
  Date.parse(`${date}T00:00:00Z`) + (hour - offsetHours) * HOUR;

/** Mean of a series' values over [from, to), over the readings present. */
function mean(series: Series, from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (let ts = from; ts < to; ts += Q) {
    const value = series.at.get(ts);
    if (value === undefined) continue;
    sum += value;
    count += 1;
  }
  expect(count).toBeGreaterThan(0);
  return sum / count;
}

/** Mean quantity per quarter hour of a cumulative series over [from, to), from consecutive readings. */
function meanIncrement(series: Series, from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (let ts = from + Q; ts < to; ts += Q) {
    const value = series.at.get(ts);
    const previous = series.at.get(ts - Q);
    if (value === undefined || previous === undefined || value < previous) continue;
    sum += value - previous;
    count += 1;
  }
  expect(count).toBeGreaterThan(0);
  return sum / count;
}

/** Mean over the local day of `date`. */
const dayMean = (series: Series, date: string, offsetHours: number, cumulative = false) =>
  (cumulative ? meanIncrement : mean)(series, local(date, 0, offsetHours), local(date, 24, offsetHours));

/** Pearson's correlation of the pairs. */
function correlation(pairs: readonly (readonly [number, number])[]): number {
  const meanOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const xs = pairs.map(([x]) => x);
  const ys = pairs.map(([, y]) => y);
  const [meanX, meanY] = [meanOf(xs), meanOf(ys)];
  let products = 0;
  let squaresX = 0;
  let squaresY = 0;
  for (const [x, y] of pairs) {
    products += (x - meanX) * (y - meanY);
    squaresX += (x - meanX) ** 2;
    squaresY += (y - meanY) ** 2;
  }
  return products / Math.sqrt(squaresX * squaresY);
}

const decreases = (series: Series) =>
  series.ts.filter(
    (_, index) => index > 0 && (series.values[index] as number) < (series.values[index - 1] as number),
  );

describe('generateSeries', () => {
  it('is the same for the same seed and different for another', () => {
    const window = { from: Date.UTC(2025, 0, 6), to: Date.UTC(2025, 1, 3), seed: 7 };
    for (const key of [
      'lon-elec-main',
      'syd-elec-hvac',
      'nyc-temp-wetlab',
      'lon-co2-thames',
      'syd-occ-11-open',
    ]) {
      const first = collect(key, window);
      expect(collect(key, window)).toEqual(first);
      expect(collect(key, { ...window, seed: 8 }).values).not.toEqual(first.values);
    }
  });

  it('gives the same stateless readings whatever range they are generated in', () => {
    const split = Date.UTC(2025, 2, 10, 13, 45);
    for (const key of ['lon-elec-hvac', 'syd-occ-11-open', 'nyc-elec-lab-power']) {
      const whole = collect(key, { from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 5, 1), seed: 3 });
      const before = collect(key, { from: Date.UTC(2025, 0, 1), to: split, seed: 3 });
      const after = collect(key, { from: split, to: Date.UTC(2025, 5, 1), seed: 3 });
      expect([...before.ts, ...after.ts]).toEqual(whole.ts);
      expect([...before.values, ...after.values]).toEqual(whole.values);
    }
  });

  it('starts at the next quarter hour and stops before `to`', () => {
    const from = Date.UTC(2025, 4, 1, 9, 7, 30);
    const series = collect('lon-occ-1-open', { from, to: Date.UTC(2025, 4, 1, 10, 0), seed: 1 });
    expect(firstReadingAt(from)).toBe(Date.UTC(2025, 4, 1, 9, 15));
    expect(series.ts).toEqual([
      Date.UTC(2025, 4, 1, 9, 15),
      Date.UTC(2025, 4, 1, 9, 30),
      Date.UTC(2025, 4, 1, 9, 45),
    ]);
    expect(collect('lon-occ-1-open', { from, to: from, seed: 1 }).ts).toEqual([]);
  });

  it('refuses a point that is not on the site, and a cumulative temperature', () => {
    const london = siteOf(point('lon-gas'));
    expect(() => generateSeries(point('syd-gas'), london, TWO_YEARS)).toThrow(/not on site lon/);
    expect(() =>
      generateSeries({ ...point('lon-temp-1-open'), kind: 'cumulative' }, london, TWO_YEARS),
    ).toThrow(/only electricity, gas and water/);
  });
});

describe('two years of every data point', () => {
  const all = new Map<string, Series>();
  beforeAll(() => {
    for (const { point: each } of generatePortfolio(TWO_YEARS)) all.set(each.key, collect(each.key));
  });
  const series = (key: string) => all.get(key) as Series;

  it('are weekly chunks of 15-minute readings less exactly the gaps', () => {
    const first = firstReadingAt(TWO_YEARS.from);
    expect((TWO_YEARS.to - first) / Q).toBe(70_176);
    for (const each of DEMO_PORTFOLIO.dataPoints) {
      const { ts, chunkSizes, chunkStarts } = series(each.key);
      const gaps = dataGaps(each, siteOf(each), TWO_YEARS);
      // A handful of outages of 2 to 24 hours (two may merge).
      expect(gaps.length, each.key).toBeGreaterThanOrEqual(1);
      expect(gaps.length, each.key).toBeLessThanOrEqual(8);
      for (const gap of gaps) {
        expect(gap.from % Q).toBe(0);
        expect(gap.to - gap.from).toBeGreaterThanOrEqual(2 * HOUR);
        expect(gap.to - gap.from).toBeLessThanOrEqual(48 * HOUR);
        expect(ts.some((instant) => instant >= gap.from && instant < gap.to)).toBe(false);
      }
      const missing = (from: number, to: number) =>
        gaps.reduce((sum, gap) => sum + Math.max(0, Math.min(gap.to, to) - Math.max(gap.from, from)) / Q, 0);
      // 105 chunks: 104 full weeks of 672 readings and 3 days of 288, less what the gaps hide.
      const expected: number[] = [];
      for (let start = first; start < TWO_YEARS.to; start += WEEK) {
        const end = Math.min(start + WEEK, TWO_YEARS.to);
        expected.push((end - start) / Q - missing(start, end));
      }
      expect(expected).toHaveLength(105);
      expect(chunkSizes, each.key).toEqual(expected);
      expect(ts.length).toBe(70_176 - missing(first, TWO_YEARS.to));
      for (const [index, start] of chunkStarts.entries())
        expect(start).toBeGreaterThanOrEqual(first + index * WEEK);
      // Spacing: one quarter hour, or the length of a gap plus one.
      const gapSteps = new Set(gaps.map((gap) => gap.to - gap.from + Q));
      const jumps: number[] = [];
      for (let index = 1; index < ts.length; index += 1) {
        const step = (ts[index] as number) - (ts[index - 1] as number);
        if (step !== Q) jumps.push(step);
      }
      expect(
        jumps.every((step) => gapSteps.has(step)),
        each.key,
      ).toBe(true);
      expect(jumps).toHaveLength(gaps.filter((gap) => gap.from > first && gap.to < TWO_YEARS.to).length);
      expect(ts.every((instant) => instant % Q === 0)).toBe(true);
    }
  });

  it('registers only rise, except the London rollover and the Sydney meter exchange', () => {
    for (const each of DEMO_PORTFOLIO.dataPoints.filter((candidate) => candidate.kind === 'cumulative')) {
      const event = registerEvent(each, siteOf(each), TWO_YEARS);
      expect(decreases(series(each.key)), each.key).toEqual(event ? [event.at] : []);
    }
  });

  it('rolls the London register over once, a quarter of the way through the range', () => {
    const main = series('lon-elec-main');
    const event = registerEvent(point('lon-elec-main'), siteOf(point('lon-elec-main')), TWO_YEARS);
    const at = Math.floor((TWO_YEARS.from + 0.25 * (TWO_YEARS.to - TWO_YEARS.from)) / Q) * Q;
    expect(event).toEqual({ kind: 'rollover', at });
    expect(new Date(at).toISOString()).toBe('2024-07-01T18:00:00.000Z');
    expect(main.at.get(at - Q)).toBeGreaterThan(999_990);
    expect(main.at.get(at - Q)).toBeLessThanOrEqual(999_999);
    expect(main.at.get(at)).toBeLessThan(10);
    expect(main.values[0]).toBeGreaterThan(700_000);
    expect(Math.max(...main.values)).toBeLessThanOrEqual(999_999);
  });

  it('starts the London register just below 1 000 000 for a short range, and still rolls over in it', () => {
    const week = { from: Date.UTC(2025, 2, 3), to: Date.UTC(2025, 2, 10), seed: 42 };
    const main = collect('lon-elec-main', week);
    // A quarter of the way through: 1.75 days, some 2 MWh before the wrap.
    expect(main.values[0]).toBeGreaterThan(995_000);
    expect(decreases(main)).toEqual([Date.UTC(2025, 2, 4, 18)]);
  });

  it('resets the Sydney register once, at 10:00 local on a working day after 70 % of the range', () => {
    const main = series('syd-elec-main');
    const event = registerEvent(point('syd-elec-main'), siteOf(point('syd-elec-main')), TWO_YEARS);
    expect(event?.kind).toBe('meter-exchange');
    const at = event?.at as number;
    expect(at).toBeGreaterThanOrEqual(TWO_YEARS.from + 0.7 * (TWO_YEARS.to - TWO_YEARS.from));
    expect(at - (TWO_YEARS.from + 0.7 * (TWO_YEARS.to - TWO_YEARS.from))).toBeLessThan(4 * DAY);
    const sydney = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(sydney.format(at)).toBe('Tue 10:00');
    expect(new Date(at).toISOString()).toBe('2025-05-27T00:00:00.000Z');
    // The new meter's first reading is one quarter hour's energy.
    expect(main.at.get(at)).toBeGreaterThan(0);
    expect(main.at.get(at)).toBeLessThan(50);
    expect(main.at.get(at - Q)).toBeGreaterThan(100_000);
    expect(main.at.get(at + Q)).toBeGreaterThan(main.at.get(at) as number);
  });

  it('makes the main meter the sum of its sub-meters and more, and demand its rate', () => {
    const main = series('lon-elec-main');
    const demand = series('lon-elec-demand');
    const parts = ['lon-elec-lighting', 'lon-elec-hvac', 'lon-elec-small-power'].map(series);
    let checked = 0;
    for (let ts = Date.UTC(2025, 2, 1); ts < Date.UTC(2025, 3, 1); ts += Q) {
      const value = main.at.get(ts);
      const previous = main.at.get(ts - Q);
      const rate = demand.at.get(ts);
      const subMeters = parts.map((part) => part.at.get(ts));
      if (
        value === undefined ||
        previous === undefined ||
        rate === undefined ||
        subMeters.includes(undefined)
      ) {
        continue;
      }
      const energy = value - previous;
      expect(Math.abs(energy - rate / 4)).toBeLessThan(0.01);
      const metered = subMeters.reduce((sum = 0, part = 0) => sum + part, 0) as number;
      expect(energy).toBeGreaterThan(metered);
      expect(energy).toBeLessThan(metered * 1.6);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(2500);
  });

  it('uses more electricity at 10:00 than at 03:00 on Sydney working days, in local time', () => {
    // January is summer time (UTC+11), June standard time (UTC+10).
    const lighting = series('syd-elec-lighting');
    const main = series('syd-elec-main');
    const days: [string, number][] = [
      ['2025-01-14', 11],
      ['2025-01-15', 11],
      ['2025-02-20', 11],
      ['2025-06-10', 10],
      ['2025-06-11', 10],
      ['2025-06-13', 10],
    ];
    for (const [date, offset] of days) {
      expect(mean(lighting, local(date, 10, offset), local(date, 11, offset))).toBeGreaterThan(
        3 * mean(lighting, local(date, 3, offset), local(date, 4, offset)),
      );
      expect(meanIncrement(main, local(date, 10, offset), local(date, 11, offset))).toBeGreaterThan(
        2 * meanIncrement(main, local(date, 3, offset), local(date, 4, offset)),
      );
    }
    // At 10:00 UTC (20:00 or 21:00 in Sydney) the office is empty.
    expect(mean(lighting, Date.UTC(2025, 0, 15, 10), Date.UTC(2025, 0, 15, 11))).toBeLessThan(
      mean(lighting, local('2025-01-15', 10, 11), local('2025-01-15', 11, 11)) / 3,
    );
  });

  it('uses less on weekends than on weekdays, in each site', () => {
    const cases: [string, string, string, number][] = [
      ['lon-elec-main', '2025-03-12', '2025-03-16', 0],
      ['syd-elec-main', '2025-03-12', '2025-03-16', 11],
      ['nyc-elec-main', '2025-03-12', '2025-03-16', -4],
    ];
    for (const [key, weekday, sunday, offset] of cases) {
      const weekdayMean = dayMean(series(key), weekday, offset, true);
      const sundayMean = dayMean(series(key), sunday, offset, true);
      expect(sundayMean, key).toBeLessThan(weekdayMean * (key.startsWith('nyc') ? 0.85 : 0.6));
    }
    const occupancy = series('lon-occ-1-open');
    expect(dayMean(occupancy, '2025-03-16', 0)).toBe(0);
    expect(dayMean(occupancy, '2025-03-12', 0)).toBeGreaterThan(20);
  });

  it('treats public holidays like Sundays', () => {
    const cases: [string, string, string, string, number][] = [
      // point, holiday, a weekday of the same week, the Sunday before, UTC offset
      ['lon-elec-main', '2025-04-18', '2025-04-16', '2025-04-13', 1], // Good Friday
      ['lon-elec-main', '2024-08-26', '2024-08-28', '2024-08-25', 1], // Summer bank holiday
      ['syd-elec-main', '2025-01-27', '2025-01-29', '2025-01-26', 11], // Australia Day (observed)
      ['syd-elec-main', '2024-04-25', '2024-04-23', '2024-04-21', 10], // Anzac Day
      ['nyc-occ-wetlab', '2025-11-27', '2025-11-25', '2025-11-23', -5], // Thanksgiving
      ['nyc-occ-wetlab', '2024-07-04', '2024-07-02', '2024-06-30', -4], // Independence Day
    ];
    for (const [key, holiday, weekday, sunday, offset] of cases) {
      const cumulative = point(key).kind === 'cumulative';
      const holidayMean = dayMean(series(key), holiday, offset, cumulative);
      const weekdayMean = dayMean(series(key), weekday, offset, cumulative);
      const sundayMean = dayMean(series(key), sunday, offset, cumulative);
      expect(holidayMean, `${key} ${holiday}`).toBeLessThan(weekdayMean * 0.6);
      // Much nearer the Sunday than the working day.
      expect(Math.abs(holidayMean - sundayMean), `${key} ${holiday}`).toBeLessThan(
        0.15 * (weekdayMean - sundayMean),
      );
    }
  });

  it('burns more gas in each hemisphere’s winter, and cools more in its summer', () => {
    const month = (key: string, year: number, monthIndex: number) =>
      meanIncrement(series(key), Date.UTC(year, monthIndex, 1), Date.UTC(year, monthIndex + 1, 1));
    for (const year of [2024, 2025]) {
      expect(month('lon-gas', year, 0)).toBeGreaterThan(3 * month('lon-gas', year, 6));
      expect(month('nyc-gas', year, 0)).toBeGreaterThan(3 * month('nyc-gas', year, 6));
      expect(month('syd-gas', year, 6)).toBeGreaterThan(1.5 * month('syd-gas', year, 0));
    }
    const hvac = (key: string, monthIndex: number) =>
      mean(series(key), Date.UTC(2025, monthIndex, 1), Date.UTC(2025, monthIndex + 1, 1));
    expect(hvac('lon-elec-hvac', 6)).toBeGreaterThan(1.2 * hvac('lon-elec-hvac', 0));
    expect(hvac('nyc-elec-hvac', 6)).toBeGreaterThan(1.5 * hvac('nyc-elec-hvac', 0));
    expect(hvac('syd-elec-hvac', 0)).toBeGreaterThan(1.2 * hvac('syd-elec-hvac', 6));
  });

  it('reads each site’s weather at its weather station: colder in its winter, and what its gas burns against', () => {
    const month = (key: string, year: number, monthIndex: number) =>
      mean(series(key), Date.UTC(year, monthIndex, 1), Date.UTC(year, monthIndex + 1, 1));
    for (const year of [2024, 2025]) {
      expect(month('lon-outdoor-temp', year, 0) + 8).toBeLessThan(month('lon-outdoor-temp', year, 6));
      expect(month('nyc-outdoor-temp', year, 0) + 15).toBeLessThan(month('nyc-outdoor-temp', year, 6));
      expect(month('syd-outdoor-temp', year, 6) + 5).toBeLessThan(month('syd-outdoor-temp', year, 0));
    }
    // The station reads the weather the loads are made from: colder days burn more gas, day by day (working
    // days in the middle of the week, as the office's heating is off at weekends and over Christmas).
    for (const [site, offsetHours] of [
      ['lon', 0],
      ['nyc', -5],
    ] as const) {
      const days: [number, number][] = [];
      for (let day = Date.UTC(2024, 9, 1); day < Date.UTC(2025, 3, 1); day += DAY) {
        const weekday = new Date(day).getUTCDay();
        if (weekday < 2 || weekday > 4 || (day > Date.UTC(2024, 11, 20) && day < Date.UTC(2025, 0, 6)))
          continue;
        const date = new Date(day).toISOString().slice(0, 10);
        days.push([
          dayMean(series(`${site}-outdoor-temp`), date, offsetHours),
          dayMean(series(`${site}-gas`), date, offsetHours, true),
        ]);
      }
      expect(correlation(days), site).toBeLessThan(-0.9);
    }
  });

  it('keeps sensor values plausible, and follows occupancy', () => {
    for (const each of DEMO_PORTFOLIO.dataPoints) {
      const { values } = series(each.key);
      let low = Number.POSITIVE_INFINITY;
      let high = Number.NEGATIVE_INFINITY;
      for (const value of values) {
        low = Math.min(low, value);
        high = Math.max(high, value);
      }
      // Rooms are kept between 15 and 30 °C; the weather is not.
      const range =
        each.intent === 'outdoorTemperature'
          ? [-25, 42]
          : ({ '°C': [15, 30], ppm: [400, 1500], '%': [0, 100] }[each.unit as '°C' | 'ppm' | '%'] ?? [
              0, 1e7,
            ]);
      expect(low, each.key).toBeGreaterThanOrEqual(range[0] as number);
      expect(high, each.key).toBeLessThanOrEqual(range[1] as number);
      if (each.kind === 'interval') expect(low, each.key).toBeGreaterThan(0);
      if (each.intent === 'co2') expect(high, each.key).toBeGreaterThan(800);
      if (each.intent === 'occupancy') expect(high, each.key).toBeGreaterThan(60);
      if (each.intent === 'temperature') expect(high - low, each.key).toBeGreaterThan(1);
      if (each.intent === 'outdoorTemperature') expect(high - low, each.key).toBeGreaterThan(15);
    }
    // CO₂ builds up over the working day and decays overnight.
    const co2 = series('lon-co2-1-open');
    expect(mean(co2, local('2025-03-12', 14, 0), local('2025-03-12', 16, 0))).toBeGreaterThan(
      mean(co2, local('2025-03-12', 4, 0), local('2025-03-12', 6, 0)) + 250,
    );
    // Zones are held at 21–23.5 °C in working hours and drift towards the weather at night.
    const temperature = series('lon-temp-2-open');
    expect(mean(temperature, local('2025-01-15', 11, 0), local('2025-01-15', 16, 0))).toBeGreaterThan(20.5);
    expect(mean(temperature, local('2025-01-15', 4, 0), local('2025-01-15', 5, 0))).toBeLessThan(19.5);
  });

  it('rounds registers to 0.001, temperatures to 0.01, CO₂ to 1 ppm and occupancy to 0.1 %', () => {
    const steps: Record<string, number> = { kWh: 1000, 'm³': 1000, kW: 100, '°C': 100, ppm: 1, '%': 10 };
    for (const each of DEMO_PORTFOLIO.dataPoints) {
      const factor = steps[each.unit] as number;
      const unrounded = series(each.key).values.filter(
        (value) => Math.abs(value * factor - Math.round(value * factor)) > 1e-6,
      );
      expect(unrounded, each.key).toEqual([]);
    }
  });
});

describe('the whole portfolio', () => {
  // Speed is not asserted here (benchmarks measure speed); that it is generated in full is.
  it('generates two years of every data point, less only the planned gaps', () => {
    let readings = 0;
    for (const { chunks } of generatePortfolio({ ...TWO_YEARS, seed: 99 })) {
      for (const chunk of chunks) readings += chunk.ts.length;
    }
    expect(readings).toBeGreaterThan(2_250_000);
  });
});
