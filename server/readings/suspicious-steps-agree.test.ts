import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { jumpyMeter } from './jumpy-meter-arbitrary.test-helper';
import { REFERENCE_INTERVAL_MINUTES, referenceRegister } from './register-reference.test-helper';
import { type ReferenceSuspicion, referenceSuspicious } from './suspicious-reference.test-helper';
import { suspiciousSteps } from './suspicious-steps';
import { pointOnNewSite, pointOnSite } from './test-points.test-helper';
import { writeReadings } from './write-readings';

/** Rates to nine significant digits: the same sums in another order differ in the last binary digits. */
const rounded = (rate: number | null) => (rate === null ? null : Number(rate.toPrecision(9)));
const comparable = (steps: ReferenceSuspicion[]) =>
  steps.map((step) => ({ ...step, typicalRate: rounded(step.typicalRate) }));

describe('suspicious steps against a brute force over raw readings', () => {
  it('agree on every step of a register, and on any range of it judged alone', () => {
    const seen = { spike: 0, drop: 0, gap: 0, fastButSmall: 0 };
    fc.assert(
      fc.property(jumpyMeter, fc.nat(), fc.nat(), ({ registerMax, batches }, a, b) => {
        const register = referenceRegister(batches.flat(), registerMax);
        const expected = referenceSuspicious(register);
        const series = {
          ts: register.map((reading) => reading.ts),
          values: register.map((reading) => reading.thousandths / 1000),
        };
        const judged = (from: number, to: number) =>
          suspiciousSteps(series, registerMax, REFERENCE_INTERVAL_MINUTES, from, to).map((step) => ({
            from: series.ts[step.index] as number,
            to: series.ts[step.index + 1] as number,
            kind: step.kind,
            typicalRate: step.typicalRate,
          }));
        expect(comparable(judged(0, register.length))).toEqual(comparable(expected));
        // A write judges only the steps around its batch, its window seeded from the readings before.
        const from = a % (register.length + 1);
        const to = from + (b % (register.length + 1 - from));
        const inRange = expected.filter((step) => {
          const index = register.findIndex((reading) => reading.ts === step.from);
          return index >= from && index < to;
        });
        expect(comparable(judged(from, to))).toEqual(comparable(inRange));

        for (const step of expected) seen[step.kind]++;
        seen.fastButSmall += fastButSmall(register, expected);
      }),
      { numRuns: 1_000 },
    );
    // Agreeing proves little unless the readings reach every rule, and often.
    expect(seen.spike).toBeGreaterThan(2_000);
    expect(seen.drop).toBeGreaterThan(300);
    expect(seen.gap).toBeGreaterThan(300);
    expect(seen.fastButSmall).toBeGreaterThan(2_000);
  });
});

/** Rises at over ten times the rate before them that are not flagged: the floor of a day's use at work. */
function fastButSmall(register: ReturnType<typeof referenceRegister>, flagged: ReferenceSuspicion[]): number {
  const flaggedFrom = new Set(flagged.map((step) => step.from));
  let count = 0;
  for (let index = 1; index < register.length - 1; index++) {
    const step = register[index];
    const previous = register[index - 1];
    if (!step || !previous || step.step !== 'normal' || previous.step !== 'normal') continue;
    const rate = (step.used as number) / ((register[index + 1] as { ts: number }).ts - step.ts);
    const before = (previous.used as number) / (step.ts - previous.ts);
    if (before > 0 && rate > 10 * before && !flaggedFrom.has(step.ts)) count++;
  }
  return count;
}

describeEachEngine('stored suspicious steps against a brute force over raw readings on %s', (engine) => {
  let handle: DatabaseHandle;
  let db: Database;
  let site: { organisationId: number; siteId: number; timeZone: string };
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    db = handle.db;
    const first = await pointOnNewSite(db, 'cumulative', 'Europe/London');
    site = { organisationId: first.organisationId, siteId: first.siteId, timeZone: first.time_zone };
  });
  afterAll(async () => handle?.close());

  it('agree however the readings arrive: in batches out of order, resent, after gaps', async () => {
    let flaggedSteps = 0;
    await fc.assert(
      fc.asyncProperty(jumpyMeter, async ({ registerMax, batches }) => {
        const point = await pointOnSite(db, site, 'cumulative', registerMax);
        for (const batch of batches) {
          await db.transaction().execute((trx) =>
            writeReadings(trx, point, {
              ts: batch.map((reading) => reading.ts),
              values: batch.map((reading) => reading.thousandths / 1000),
            }),
          );
        }
        const { rows } = await sql<{
          from_ts: Date;
          to_ts: Date;
          kind: 'spike' | 'drop' | 'gap';
          typical_rate: number;
        }>`
          select from_ts, to_ts, kind, typical_rate from register_steps
          where data_point_id = ${point.id} and status = 'open' order by from_ts`.execute(db);
        const expected = referenceSuspicious(referenceRegister(batches.flat(), registerMax));
        flaggedSteps += expected.length;
        expect(
          comparable(
            rows.map((row) => ({
              from: row.from_ts.getTime(),
              to: row.to_ts.getTime(),
              kind: row.kind,
              typicalRate: row.typical_rate,
            })),
          ),
        ).toEqual(comparable(expected));
      }),
      { numRuns: 30 },
    );
    expect(flaggedSteps).toBeGreaterThan(60);
  }, 240_000);
});
