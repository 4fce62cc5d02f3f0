import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { registerDeltas } from './consumption';
import { sentMeter } from './meter-readings-arbitrary.test-helper';
import {
  type ReferenceReading,
  referenceOpenDelta,
  referenceRegister,
  type Step,
} from './register-reference.test-helper';
import { pointOnNewSite, pointOnSite } from './test-points.test-helper';
import { writeReadings } from './write-readings';

/** To six places: the product's float noise (under 1e-9) vanishes, any real difference stays. */
const toMillionths = (value: number | null) => (value === null ? null : Math.round(value * 1e6) / 1e6);

const referenceDelta = (reading: ReferenceReading) =>
  reading.used === null ? null : toMillionths(reading.used / 1000);

/** In the unit, not in thousandths. */
const openDelta = (reference: ReferenceReading[], index: number) => {
  const delta = referenceOpenDelta(reference, index);
  return delta === null ? null : delta / 1000;
};

const counted = (reference: ReferenceReading[], step: Step) =>
  reference.filter((reading) => reading.step === step).length;

describe('register deltas against a brute force over raw readings', () => {
  it('agree on every delta and on the count of resets, rollovers and implausible drops', () => {
    const seen: Record<Step, number> = { normal: 0, reset: 0, rollover: 0, drop: 0 };
    fc.assert(
      fc.property(sentMeter, ({ registerMax, batches }) => {
        const reference = referenceRegister(batches.flat(), registerMax);
        for (const reading of reference) if (reading.step) seen[reading.step]++;
        const computed = registerDeltas(
          reference.map((reading) => reading.thousandths / 1000),
          registerMax,
        );
        expect(computed.deltas.map(toMillionths)).toEqual(reference.map(referenceDelta));
        expect({ resets: computed.resets, rollovers: computed.rollovers, drops: computed.drops }).toEqual({
          resets: counted(reference, 'reset'),
          rollovers: counted(reference, 'rollover'),
          drops: counted(reference, 'drop'),
        });
      }),
      { numRuns: 2_000 },
    );
    // Agreeing proves little unless the readings reach every rule, and often.
    expect(seen.reset).toBeGreaterThan(600);
    expect(seen.drop).toBeGreaterThan(400);
    expect(seen.rollover).toBeGreaterThan(150);
    expect(seen.normal).toBeGreaterThan(5_000);
  });
});

describeEachEngine('stored register deltas against a brute force over raw readings on %s', (engine) => {
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
    await fc.assert(
      fc.asyncProperty(sentMeter, async ({ registerMax, batches }) => {
        const point = await pointOnSite(db, site, 'cumulative', registerMax);
        for (const batch of batches) {
          await db.transaction().execute((trx) =>
            writeReadings(trx, point, {
              ts: batch.map((reading) => reading.ts),
              values: batch.map((reading) => reading.thousandths / 1000),
            }),
          );
        }
        const stored = await sql<{ ts: Date; value: number; delta: number | null }>`
          select ts, value, delta from readings where data_point_id = ${point.id} order by ts`.execute(db);
        const reference = referenceRegister(batches.flat(), registerMax);
        expect(
          stored.rows.map((row) => ({
            ts: row.ts.getTime(),
            value: row.value,
            delta: toMillionths(row.delta),
          })),
        ).toEqual(
          // Stored, a step across a gap books nothing until someone decides.
          reference.map((reading, index) => ({
            ts: reading.ts,
            value: reading.thousandths / 1000,
            delta: toMillionths(openDelta(reference, index)),
          })),
        );
      }),
      { numRuns: 30 },
    );
  }, 180_000);
});
