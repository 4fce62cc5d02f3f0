/**
 * Throughput check for timestampParser on a year of quarter-hours (not a
 * test: timings are too noisy for CI).
 * Run: npx tsx server/imports/parse/timestamp.speed.ts
 */
import { type TimestampFormat, timestampParser } from './timestamp';

const ROWS = 1_000_000;
const RUNS = 5;
const START = Date.UTC(2020, 0, 1);

function texts(render: (ms: number) => string): string[] {
  return Array.from({ length: ROWS }, (_, i) => render(START + i * 900_000));
}

const isoZ = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const wall = (ms: number) => isoZ(ms).slice(0, 19).replace('T', ' ');
const cases: [string, TimestampFormat, string, string[]][] = [
  ['iso with Z', 'iso', 'Europe/London', texts(isoZ)],
  ['local YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm:ss', 'Europe/London', texts(wall)],
  ['epoch-s', 'epoch-s', 'UTC', texts((ms) => String(ms / 1000))],
];

for (const [name, format, zone, values] of cases) {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    // A fresh parser per run, so the zone caches are built inside the timing.
    const parse = timestampParser(format, zone);
    const began = performance.now();
    let previous: number | undefined;
    let errors = 0;
    for (const value of values) {
      const result = parse(value, previous);
      if (typeof result === 'number') previous = result;
      else errors++;
    }
    best = Math.min(best, performance.now() - began);
    // Wall times in the spring-forward hour do not exist; the UTC series renders a few as local.
    if (errors > 0 && format !== 'YYYY-MM-DD HH:mm:ss') throw new Error(`${name}: ${errors} errors`);
  }
  const perSecond = Math.round(ROWS / (best / 1000));
  console.log(
    `${name}: ${perSecond.toLocaleString('en')} timestamps/s (best of ${RUNS}, ${ROWS.toLocaleString('en')} values)`,
  );
}
