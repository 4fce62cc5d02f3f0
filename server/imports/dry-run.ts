import type { GetDataImportResponse } from '../../src/generated/api-types';
import type { ImportMapping } from './import-mapping';
import type { ImportPlan } from './import-plan';
import { openMeterTable } from './meter-table';
import { convertedDecimals, writtenDecimals } from './parse/decimals';
import { unitScale } from './parse/units';
import { type PointDirectory, planImport } from './plan-import';
import { repeatedRows } from './repeated-rows';

const PREVIEW_ROWS = 20;

/**
 * What importing a meter file with a mapping would do, storing nothing: its
 * rows, the first ones as they would be stored (with the decimals the file
 * gives them), each data point's share, span and time zone, every problem
 * found, and rows that repeat an instant. Reads the whole file (a problem
 * may be on its last row), so the API runs it on the reading worker
 * (plan-in-worker.ts).
 * Throws ParseProblem for a file that cannot be read.
 */
export async function dryRun(
  bytes: Uint8Array,
  mapping: ImportMapping,
  points: PointDirectory,
): Promise<GetDataImportResponse> {
  const table = await openMeterTable(bytes, { hasHeader: mapping.hasHeader, delimiter: mapping.delimiter });
  const plan = await planImport(table, mapping, points, { keepWritten: PREVIEW_ROWS });
  const repeats = repeatedRows(plan);
  return {
    rowsTotal: plan.rowsTotal,
    rowsValid: plan.rowsValid,
    preview: previewRows(plan, mapping),
    // A data point whose every row is a problem has no span to show (and Infinity is no date).
    dataPoints: [...plan.byPoint.values()]
      .filter((series) => series.ts.length > 0)
      .map((series) => ({
        id: series.point.id,
        name: series.point.name,
        rows: series.ts.length,
        from: new Date(earliest(series.ts)).toISOString(),
        to: new Date(latest(series.ts)).toISOString(),
        timeZone: series.point.time_zone,
      })),
    problems: plan.problems,
    problemsTotal: plan.problemsTotal,
    ...(repeats ? { repeatedInstants: repeats } : {}),
  };
}

/**
 * Each point's first rows, with the decimals the file wrote each value with
 * (moved by a unit conversion): a preview that rounds hides what was read.
 */
function previewRows(plan: ImportPlan, mapping: ImportMapping): GetDataImportResponse['preview'] {
  const rows: GetDataImportResponse['preview'] = [];
  const separator = mapping.value.decimal ?? '.';
  for (const series of plan.byPoint.values()) {
    // A point whose every row is a problem (its unit does not convert, say) has nothing to preview.
    if (series.ts.length === 0) continue;
    const scale = unitScale(mapping.value.unit, series.point.unit);
    for (let index = 0; index < series.ts.length && index < PREVIEW_ROWS; index++) {
      const written = writtenDecimals(series.written?.[index] ?? '', separator);
      rows.push({
        row: series.rows[index] as number,
        dataPointId: series.point.id,
        dataPointName: series.point.name,
        ts: new Date(series.ts[index] as number).toISOString(),
        value: series.values[index] as number,
        decimals: convertedDecimals(written, scale),
        unit: series.point.unit,
        estimated: series.quality[index] === 1,
      });
    }
  }
  return rows.sort((a, b) => a.row - b.row).slice(0, PREVIEW_ROWS);
}

function earliest(ts: number[]): number {
  return ts.reduce((low, time) => Math.min(low, time), Infinity);
}

function latest(ts: number[]): number {
  return ts.reduce((high, time) => Math.max(high, time), -Infinity);
}
