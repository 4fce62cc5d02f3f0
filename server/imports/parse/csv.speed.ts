/**
 * Throughput check for readCsvRows (not a test: timings are too noisy for CI).
 * Run: npx tsx server/imports/parse/csv.speed.ts
 */
import { readCsvRows } from './csv';

const ROWS = 1_000_000;
const RUNS = 5;

/** Lines like `meter-017,2024-03-31T01:15:00Z,1234.567`, optionally with every field quoted. */
function meterCsv(rows: number, quoted: boolean): string {
  const start = Date.UTC(2024, 0, 1);
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const fields = [
      `meter-${String(i % 100).padStart(3, '0')}`,
      new Date(start + i * 900_000).toISOString().replace('.000Z', 'Z'),
      (1000 + (i % 9000) / 7).toFixed(3),
    ];
    lines.push(quoted ? fields.map((field) => `"${field}"`).join(',') : fields.join(','));
  }
  return `${lines.join('\n')}\n`;
}

function measure(name: string, text: string): void {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    const began = performance.now();
    let cells = 0;
    for (const { cells: row } of readCsvRows(text, ',')) cells += row.length;
    best = Math.min(best, performance.now() - began);
    if (cells !== ROWS * 3) throw new Error(`read ${cells} cells, expected ${ROWS * 3}`);
  }
  const perSecond = Math.round(ROWS / (best / 1000)).toLocaleString('en');
  console.log(
    `${name}: ${ROWS.toLocaleString('en')} rows in ${best.toFixed(0)} ms (best of ${RUNS}) = ${perSecond} rows/s`,
  );
}

measure('readCsvRows, plain lines', meterCsv(ROWS, false));
measure('readCsvRows, every field quoted', meterCsv(ROWS, true));
