import fc from 'fast-check';
import type { SentMeter } from './meter-readings-arbitrary.test-helper';
import type { RawReading } from './register-reference.test-helper';

const QUARTER_HOUR = 900_000;
const FIRST_INSTANT = Date.parse('2024-03-25T00:00:00Z');

/**
 * What a register does between two readings, in thousandths of its unit: mostly a
 * steady small use, with idle spells, bursts that are fast but small, jumps of
 * days of use at once, drops far from zero, resets to near zero and rollovers.
 */
const change = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({ kind: fc.constant('use' as const), by: fc.integer({ min: 1, max: 400 }) }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('idle' as const), by: fc.constant(0) }) },
  // 2 to 15 units in a step: ten times the usual rate and more, but less than a day of usual use.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      by: fc.integer({ min: 2_000, max: 15_000 }),
    }),
  },
  // 30 to 20 000 units at once: a misread, or a register catching up.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('jump' as const),
      by: fc.integer({ min: 30_000, max: 20_000_000 }),
    }),
  },
  // To between 15 % and 95 % of the reading: far from zero for the register's range.
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('drop' as const), by: fc.integer({ min: 150, max: 950 }) }),
  },
  // To within a few units of zero.
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('reset' as const), by: fc.integer({ min: 0, max: 5_000 }) }),
  },
);

/** Quarter hours to the next reading: usually one, sometimes a gap, sometimes the same instant again. */
const advance = fc.oneof(
  { weight: 12, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 3000 }) },
  { weight: 1, arbitrary: fc.constant(0) },
);

/**
 * Registers whose steps cross the suspicious-step rules often, sent in up to
 * four batches. Readings stay below a million units, where a difference of
 * two readings is exact to the thousandth in a double.
 */
export const jumpyMeter: fc.Arbitrary<SentMeter> = fc
  .record({
    registerMax: fc.option(fc.constant(1_000_000), { nil: null }),
    start: fc.integer({ min: 1_000_000, max: 60_000_000 }),
    events: fc.array(fc.record({ change, advance, batch: fc.nat(3) }), {
      minLength: 20,
      maxLength: 160,
      size: 'max',
    }),
  })
  .map(({ registerMax, start, events }) => {
    const top = 1_000_000_000;
    let register = start;
    let ts = FIRST_INSTANT;
    const batches: RawReading[][] = [[], [], [], []];
    for (const { change, advance, batch } of events) {
      ts += advance * QUARTER_HOUR;
      if (change.kind === 'drop') register = Math.floor((register * change.by) / 1000);
      else if (change.kind === 'reset') register = change.by;
      else register = (register + change.by) % top;
      batches[batch]?.push({ ts, thousandths: register });
    }
    return { registerMax, batches: batches.filter((readings) => readings.length > 0) };
  });
