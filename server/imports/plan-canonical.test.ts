import { describe, expect, it } from 'vitest';
import { seededRandom } from '../demo/seeded-random';
import type { ImportMapping, ImportPoint } from './import-mapping';
import { openMeterTable } from './meter-table';
import { ParseProblem } from './parse/problem';
import { type CanonicalPlan, planCanonical } from './plan-canonical';
import { planImport, pointDirectory } from './plan-import';

const MAIN: ImportPoint = {
  id: 7,
  name: 'Main',
  unit: 'kWh',
  kind: 'cumulative',
  register_max: null,
  interval_minutes: 15,
  time_zone: 'Europe/London',
};
const POINTS = pointDirectory([MAIN]);
const MAPPING: ImportMapping = {
  timestamp: { column: 'Time', format: 'iso', timeZone: 'Europe/London' },
  value: { column: 'Value', unit: 'kWh' },
  dataPoint: { id: MAIN.id },
};
const encoder = new TextEncoder();

/** The one-pass reader on a file opened as the worker opens it. */
async function onePass(bytes: Uint8Array, mapping: ImportMapping) {
  const table = await openMeterTable(bytes, { hasHeader: mapping.hasHeader, delimiter: mapping.delimiter });
  return planCanonical(table, mapping, POINTS);
}

/** What planImport makes of the same file: its readings when it finds no problem, else undefined. */
async function planned(bytes: Uint8Array, mapping: ImportMapping) {
  const table = await openMeterTable(bytes, { hasHeader: mapping.hasHeader, delimiter: mapping.delimiter });
  const plan = await planImport(table, mapping, POINTS);
  if (plan.problemsTotal > 0) return undefined;
  const series = plan.byPoint.get(MAIN.id);
  return { ts: series?.ts ?? [], values: series?.values ?? [], rowsTotal: plan.rowsTotal };
}

/** The same readings, value by value with Object.is (so -0 and 0 differ), and the same row count. */
function expectSame(actual: CanonicalPlan | undefined, expected: Awaited<ReturnType<typeof planned>>) {
  expect(actual).toBeDefined();
  expect(expected).toBeDefined();
  const fast = actual as CanonicalPlan;
  const usual = expected as NonNullable<typeof expected>;
  expect(fast.rowsTotal).toBe(usual.rowsTotal);
  expect(fast.point).toBe(MAIN);
  expect(Array.from(fast.ts)).toEqual(usual.ts);
  expect(fast.values.length).toBe(usual.values.length);
  fast.values.forEach((value, index) => {
    if (!Object.is(value, usual.values[index])) {
      throw new Error(`value ${index}: ${value} where planImport reads ${usual.values[index]}`);
    }
  });
}

const pick = <T>(next: () => number, choices: readonly T[]): T =>
  choices[Math.floor(next() * choices.length)] as T;

/**
 * A file in the shape exports write: a header, then rows of time, value and
 * other columns, in any order; times rising, or falling (newest first).
 */
function meterFile(next: () => number, rows: number): { text: string; mapping: ImportMapping } {
  const delimiter = pick(next, [',', ';', '\t', '|'] as const);
  const decimal = delimiter === ';' && next() < 0.5 ? ',' : '.';
  const columns = ['Time', 'Value', 'Note', 'Meter'].slice(0, 2 + Math.floor(next() * 3));
  columns.sort(() => next() - 0.5);
  const header = columns.map((name) => (name === 'Time' ? pick(next, ['Time', ' time ', 'TIME']) : name));
  let at = Date.UTC(2020, 0, 1) + Math.floor(next() * 1_000) * 900_000;
  const lines = [header.join(delimiter)];
  const direction = next() < 0.7 ? 1 : -1;
  for (let row = 0; row < rows; row++) {
    at += direction * pick(next, [900_000, 900_000, 900_000, 3_600_000, 1]);
    const iso = new Date(at).toISOString();
    const cells = columns.map((name) => {
      if (name === 'Time') return next() < 0.5 && at % 1000 === 0 ? iso.replace('.000Z', 'Z') : iso;
      if (name === 'Value') {
        const number = pick(next, [
          String(Math.floor(next() * 1e6)),
          (next() * 1e4).toFixed(Math.floor(next() * 6)),
          `-${(next() * 10).toFixed(3)}`,
          '-0',
          '+2.5',
          '.75',
          '12.',
          '123456789012.345',
        ]);
        return decimal === ',' ? number.replace('.', ',') : number;
      }
      return name === 'Meter' ? 'Main' : pick(next, ['', 'ok', 'estimated?']);
    });
    lines.push(cells.join(delimiter));
    if (next() < 0.02) lines.push('');
  }
  const lineEnd = next() < 0.3 ? '\r\n' : '\n';
  const text = `${next() < 0.1 ? lineEnd : ''}${lines.join(lineEnd)}${next() < 0.5 ? lineEnd : ''}`;
  const mapping: ImportMapping = {
    ...MAPPING,
    value: { column: 'Value', unit: pick(next, ['kWh', 'Wh', 'MWh']), decimal },
    ...(next() < 0.5 ? { delimiter } : {}),
  };
  return { text, mapping };
}

describe('reading a meter file of the common shape in one pass', () => {
  it('reads 200 files exactly as planImport reads them', async () => {
    const next = seededRandom(2026);
    for (let file = 0; file < 200; file++) {
      const { text, mapping } = meterFile(next, 1 + Math.floor(next() * 60));
      const bytes = encoder.encode(text);
      try {
        expectSame(await onePass(bytes, mapping), await planned(bytes, mapping));
      } catch (error) {
        throw new Error(`file ${file}: ${(error as Error).message}\n${JSON.stringify(mapping)}\n${text}`);
      }
    }
  });

  const rows = 'Time,Value\n2024-03-31T00:45:00Z,1.5\n2024-03-31T01:00:00.000Z,2\n';
  it.each([
    ['a quoted cell', 'Time,Value\n"2024-03-31T00:45:00Z",1.5\n', MAPPING],
    ['a carriage return of its own', 'Time,Value\r2024-03-31T00:45:00Z,1.5\n', MAPPING],
    ['a carriage return inside a cell', 'Time,Value\n2024-03-31T00:45:00Z,1.\r5\n', MAPPING],
    ['a time with an offset', 'Time,Value\n2024-03-31T01:45:00+01:00,1.5\n', MAPPING],
    ['a local time', 'Time,Value\n2024-03-31T00:45:00,1.5\n', MAPPING],
    ['an impossible date', 'Time,Value\n2023-02-29T00:45:00Z,1.5\n', MAPPING],
    ['a time more than 50 years away', 'Time,Value\n1950-01-01T00:00:00Z,1.5\n', MAPPING],
    ['a value with an exponent', 'Time,Value\n2024-03-31T00:45:00Z,1.5e3\n', MAPPING],
    ['a value with spaces', 'Time,Value\n2024-03-31T00:45:00Z, 1.5\n', MAPPING],
    ['an empty value', 'Time,Value\n2024-03-31T00:45:00Z,\n', MAPPING],
    ['a row with a cell too few', 'Time,Value,Note\n2024-03-31T00:45:00Z,1.5\n', MAPPING],
    ['a row with a cell too many', 'Time,Value\n2024-03-31T00:45:00Z,1.5,x\n', MAPPING],
    ['a header without the mapped column', 'When,Value\n2024-03-31T00:45:00Z,1.5\n', MAPPING],
    ['a header row only', 'Time,Value\n', MAPPING],
    ['an empty file', '', MAPPING],
    ['a unit that does not convert', rows, { ...MAPPING, value: { column: 'Value', unit: '°C' } }],
    ['a data point per row', rows, { ...MAPPING, dataPoint: { column: 'Meter' } }],
    ['an unknown data point', rows, { ...MAPPING, dataPoint: { id: 99 } }],
    ['a quality column', rows, { ...MAPPING, quality: { column: 'Value' } }],
    ['another time format', rows, { ...MAPPING, timestamp: { ...MAPPING.timestamp, format: 'epoch-ms' } }],
    ['a file without a header row', rows, { ...MAPPING, hasHeader: false }],
    // planImport says which rows repeat an instant; this reader keeps no row numbers to say it with.
    ['a repeated time', 'Time,Value\n2024-03-31T00:45:00Z,1\n2024-03-31T00:45:00Z,2\n', MAPPING],
    [
      'times out of order',
      'Time,Value\n2024-03-31T00:45:00Z,1\n2024-03-31T01:00:00Z,2\n2024-03-31T00:30:00Z,3\n',
      MAPPING,
    ],
  ] as [string, string, ImportMapping][])('leaves %s to planImport', async (_case, text, mapping) => {
    expect(await onePass(encoder.encode(text), mapping)).toBeUndefined();
  });

  it('never sees a file that is not UTF-8: opening it refuses it, before either reader', async () => {
    const latin1 = Uint8Array.from([
      ...encoder.encode('Time,Value\n2024-03-31T00:45:00Z,1.5\nZ'),
      0xe4,
      0x0a,
    ]);
    await expect(onePass(latin1, MAPPING)).rejects.toThrow(ParseProblem);
  });

  // Whatever a byte changed to, one pass either gives the file up or reads it as planImport does.
  it('never reads a file otherwise than planImport: 2,000 files with one byte changed', async () => {
    const next = seededRandom(11);
    const alphabet = '0123456789:-.TZ,;|\t\n\r" +eé';
    for (let trial = 0; trial < 2_000; trial++) {
      const { text, mapping } = meterFile(next, 1 + Math.floor(next() * 6));
      const at = Math.floor(next() * text.length);
      const changed = `${text.slice(0, at)}${pick(next, [...alphabet])}${text.slice(at + 1)}`;
      const bytes = encoder.encode(changed);
      // A file that cannot even be opened (a stray quote in the header) is refused before either reader.
      const fast = await onePass(bytes, mapping).catch((error: unknown) => {
        if (error instanceof ParseProblem) return undefined;
        throw error;
      });
      if (fast === undefined) continue;
      try {
        expectSame(fast, await planned(bytes, mapping));
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\n${JSON.stringify(mapping)}\n${JSON.stringify(changed)}`,
        );
      }
    }
  });
});
