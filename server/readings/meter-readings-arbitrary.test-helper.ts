import fc from 'fast-check';
import type { RawReading } from './register-reference.test-helper';

/** A cumulative meter's readings as they were sent, batch by batch. */
export interface SentMeter {
  /** The register's declared maximum, or null for one inferred from its digits. */
  registerMax: number | null;
  /** In the order they were sent; a batch may overlap, precede or repeat instants of another. */
  batches: RawReading[][];
}

const QUARTER_HOUR = 900_000;
const FIRST_INSTANT = Date.parse('2024-03-25T00:00:00Z');

/** What the register does between two readings, in thousandths of its range (per mille). */
const change = fc.oneof(
  // Climbing, by up to 3 % of the range and some thousandths of a unit.
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('climb' as const),
      perMille: fc.integer({ min: 0, max: 30 }),
      fine: fc.integer({ min: 0, max: 999 }),
    }),
  },
  // Landing in the top tenth of the range, its lower edge included, where a rollover starts.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('to-top' as const),
      below: fc.oneof(fc.constantFrom(0, 100, 101), fc.integer({ min: 0, max: 120 })),
    }),
  },
  // Running past the maximum and on from zero.
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('wrap' as const), perMille: fc.integer({ min: 1, max: 150 }) }),
  },
  // A meter exchange or a cleared counter (a low reading, the bottom tenth's upper edge included), or a
  // drop to a reading far from zero (a misread, or a new meter that did not start at zero).
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('reset' as const),
      perMille: fc.oneof(
        fc.constantFrom(0, 100, 101),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 400 }),
      ),
    }),
  },
);

/** Quarter hours to the next reading: usually one, sometimes a gap of hours to weeks, sometimes the same instant again. */
const advance = fc.oneof(
  { weight: 6, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 3000 }) },
  { weight: 1, arbitrary: fc.constant(0) },
);

/** Meters with resets, rollovers, gaps and resent instants, their readings sent in up to four batches. */
export const sentMeter: fc.Arbitrary<SentMeter> = fc
  .record({
    registerMax: fc.option(fc.constantFrom(10_000, 65_536, 100_000, 1_000_000), { nil: null }),
    digits: fc.integer({ min: 1, max: 7 }),
    startPerMille: fc.integer({ min: 0, max: 1000 }),
    events: fc.array(fc.record({ change, advance, batch: fc.nat(3) }), { minLength: 1, maxLength: 80 }),
  })
  .map(({ registerMax, digits, startPerMille, events }) => {
    const range = (registerMax ?? 10 ** digits) * 1000;
    const share = (perMille: number) => Math.floor((range * perMille) / 1000);
    let register = share(startPerMille);
    let ts = FIRST_INSTANT;
    const batches: RawReading[][] = [[], [], [], []];
    for (const { change, advance, batch } of events) {
      ts += advance * QUARTER_HOUR;
      if (change.kind === 'climb')
        register = Math.min(range, register + share(change.perMille) + change.fine);
      else if (change.kind === 'to-top') register = range - share(change.below);
      else if (change.kind === 'wrap') register = (register + share(change.perMille)) % range;
      else register = share(change.perMille);
      batches[batch]?.push({ ts, thousandths: register });
    }
    return { registerMax, batches: batches.filter((readings) => readings.length > 0) };
  });
