import { describe, expect, it } from 'vitest';
import { suspiciousSteps } from './suspicious-steps';

const QUARTER = 900_000;
const START = Date.parse('2024-01-15T00:00:00Z');

/** A register read every quarter-hour for a day, using 1.75 kWh a quarter (7 kWh an hour), then `more`. */
function meter(more: { after: number; value: number }[] = []) {
  const ts: number[] = [];
  const values: number[] = [];
  for (let quarter = 0; quarter <= 96; quarter++) {
    ts.push(START + quarter * QUARTER);
    values.push(52_000 + quarter * 1.75);
  }
  for (const { after, value } of more) {
    ts.push((ts.at(-1) as number) + after);
    values.push(value);
  }
  return { ts, values };
}

const judged = (series: ReturnType<typeof meter>, registerMax: number | null = null, intervalMinutes = 15) =>
  suspiciousSteps(series, registerMax, intervalMinutes, 0, series.ts.length).map(({ index, ...step }) => ({
    from: new Date(series.ts[index] as number).toISOString(),
    ...step,
  }));

const SIX_MONTHS = 182 * 24 * 4 * QUARTER;

describe('suspicious steps', () => {
  it('flags a drop far from zero across a gap, which used to be booked as 30 000 kWh in one quarter-hour', () => {
    expect(judged(meter([{ after: SIX_MONTHS, value: 30_000 }]))).toEqual([
      {
        from: '2024-01-16T00:00:00.000Z',
        kind: 'drop',
        movement: 'drop',
        used: 30_000,
        rate: 30_000 / (182 * 24),
        typicalRate: 7,
      },
    ]);
  });

  it('flags a rise of days of use in one quarter-hour at many times the usual rate', () => {
    const [step] = judged(meter([{ after: QUARTER, value: 82_168 }]));
    expect(step).toEqual({
      from: '2024-01-16T00:00:00.000Z',
      kind: 'spike',
      movement: 'normal',
      used: 30_000,
      rate: 120_000,
      typicalRate: 7,
    });
  });

  it('leaves a burst that is fast but small: 100 kWh in a quarter-hour is under a day of usual use', () => {
    expect(judged(meter([{ after: QUARTER, value: 52_268 }]))).toEqual([]);
    // Past a day of usual use (168 kWh) it is flagged.
    expect(judged(meter([{ after: QUARTER, value: 52_168 + 169 }]))).toHaveLength(1);
  });

  it('flags use across a long gap even at the usual rate, where averaged over the gap it looks like normal use', () => {
    expect(judged(meter([{ after: SIX_MONTHS, value: 52_168 + 30_000 }]))).toEqual([
      {
        from: '2024-01-16T00:00:00.000Z',
        kind: 'gap',
        movement: 'normal',
        used: 30_000,
        rate: 30_000 / (182 * 24),
        typicalRate: 7,
      },
    ]);
    // A reset or a rollover across a gap books the register's arithmetic there too: a gap as well.
    expect(judged(meter([{ after: SIX_MONTHS, value: 3 }]))).toMatchObject([
      { kind: 'gap', movement: 'reset' },
    ]);
  });

  it('leaves a gap of a few hours or a few intervals, a gap with no use, and resets and rollovers that look like them', () => {
    // Six hours of a quarter-hourly meter: a gateway restarting, not worth a person's decision.
    expect(judged(meter([{ after: 24 * QUARTER, value: 52_168 + 42 }]))).toEqual([]);
    // A gap is counted in the point's own intervals: two days of a daily meter are two readings' time.
    const DAY = 96 * QUARTER;
    const daily = {
      ts: Array.from({ length: 12 }, (_, day) => START + day * DAY),
      values: Array.from({ length: 12 }, (_, day) => 1000 + day * 170),
    };
    const resumedAfter = (days: number) => ({
      ts: [...daily.ts, (daily.ts.at(-1) as number) + days * DAY],
      values: [...daily.values, (daily.values.at(-1) as number) + days * 170],
    });
    expect(judged(resumedAfter(2), null, 1440)).toEqual([]);
    expect(judged(resumedAfter(5), null, 1440)).toMatchObject([{ kind: 'gap', used: 850 }]);
    // Idle across six months: nothing to book, so nothing to decide.
    expect(judged(meter([{ after: SIX_MONTHS, value: 52_168 }]))).toEqual([]);
    expect(judged(meter([{ after: QUARTER, value: 3 }]))).toEqual([]);
    expect(judged({ ts: [START, START + QUARTER], values: [99_999, 2] })).toEqual([]);
  });

  it('judges rates only after eight rises, but drops from the start', () => {
    const young = {
      ts: [0, 1, 2, 3, 4, 5].map((quarter) => START + quarter * QUARTER),
      values: [1, 2, 3, 4, 5, 50_000],
    };
    expect(judged(young)).toEqual([]);
    expect(judged({ ts: [START, START + QUARTER], values: [52_310, 30_000] })).toMatchObject([
      { kind: 'drop' },
    ]);
  });

  it('takes the usual rate from rises only, so a meter idle most of the time is judged by what it uses when it runs', () => {
    const ts: number[] = [];
    const values: number[] = [];
    let register = 1_000;
    for (let quarter = 0; quarter < 96; quarter++) {
      ts.push(START + quarter * QUARTER);
      // Gas in summer: 5 m³ a quarter one time in eight, nothing otherwise.
      if (quarter % 8 === 0) register += 5;
      values.push(register);
    }
    ts.push(START + 96 * QUARTER);
    values.push(register + 400);
    expect(judged({ ts, values })).toEqual([]);
  });
});
