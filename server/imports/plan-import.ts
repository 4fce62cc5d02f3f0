import type { ImportMapping, ImportPoint, ImportProblem } from './import-mapping';
import { LISTED_PROBLEMS } from './import-mapping';
import type { ImportPlan, PointReadings } from './import-plan';
import { mappedTimeParser } from './mapping-fields';
import type { MeterTable } from './meter-table';
import { numberParser } from './parse/number';
import { ParseProblem } from './parse/problem';
import { unitConverter } from './parse/units';
import { type Chunks, chunkHandOn } from './plan-chunks';

/** The organisation's data points, by id and by name (names compared without case or surrounding spaces). */
export interface PointDirectory {
  byId: Map<number, ImportPoint>;
  byName: Map<string, ImportPoint>;
}

export function pointDirectory(points: ImportPoint[]): PointDirectory {
  return {
    byId: new Map(points.map((point) => [point.id, point])),
    byName: new Map(points.map((point) => [nameKey(point.name), point])),
  };
}

const nameKey = (name: string) => name.trim().toLowerCase();
const ESTIMATED = new Set(['e', 'est', 'estimated', '1', 'true', 'y', 'yes']);

export interface PlanOptions {
  /** Hands readings on in chunks as the file is read (plan-chunks.ts). */
  chunks?: Chunks;
  /** Keeps the value cell of each point's first this many readings as written, for a preview. */
  keepWritten?: number;
}

/**
 * Reads every row of a meter file with a mapping: resolves its data point,
 * parses its time in the declared format and zone, parses its value and
 * converts it to the data point's unit. Nothing is stored: the plan is what
 * an import would write and every problem found on the way.
 */
export async function planImport(
  table: MeterTable,
  mapping: ImportMapping,
  points: PointDirectory,
  options: PlanOptions = {},
): Promise<ImportPlan> {
  const { chunks, keepWritten = 0 } = options;
  const column = columnIndexer(table.headers);
  const timeColumn = column(mapping.timestamp.column, '/timestamp/column');
  const valueColumn = column(mapping.value.column, '/value/column');
  const pointColumn =
    'column' in mapping.dataPoint ? column(mapping.dataPoint.column, '/dataPoint/column') : undefined;
  const qualityColumn = mapping.quality ? column(mapping.quality.column, '/quality/column') : undefined;
  const fixedPoint = 'id' in mapping.dataPoint ? points.byId.get(mapping.dataPoint.id) : undefined;
  if ('id' in mapping.dataPoint && !fixedPoint) {
    throw new ParseProblem(
      `Data point ${mapping.dataPoint.id} is not one of your organisation's data points.`,
      { field: '/dataPoint/id' },
    );
  }
  const parseTime = mappedTimeParser(mapping);
  const parseNumber = numberParser(mapping.value.decimal ?? '.');
  const converters = new Map<number, ((value: number) => number) | string>();
  const converterFor = (point: ImportPoint): ((value: number) => number) | string => {
    const known = converters.get(point.id);
    if (known !== undefined) return known;
    let converter: ((value: number) => number) | string;
    try {
      converter = unitConverter(mapping.value.unit, point.unit);
    } catch (error) {
      converter = `${(error as Error).message} (data point '${point.name}' is in ${point.unit})`;
    }
    converters.set(point.id, converter);
    return converter;
  };

  const plan: ImportPlan = { rowsTotal: 0, rowsValid: 0, byPoint: new Map(), problems: [], problemsTotal: 0 };
  const problem = (entry: ImportProblem) => {
    plan.problemsTotal++;
    if (plan.problems.length < LISTED_PROBLEMS) plan.problems.push(entry);
  };

  const chunking = chunks ? chunkHandOn(chunks, table, plan) : undefined;

  for (const { row, cells } of table.rows) {
    plan.rowsTotal++;
    let point = fixedPoint;
    if (pointColumn !== undefined) {
      const name = cells[pointColumn.index] ?? '';
      point = points.byName.get(nameKey(name));
      if (!point) {
        problem({
          row,
          column: pointColumn.name,
          reason: name.trim()
            ? `unknown data point '${name.trim()}': add it under Data Feeds first, or correct the name`
            : 'no data point named',
        });
        continue;
      }
    }
    if (!point) continue;
    const series = seriesOf(plan, point);
    const previous = series.ts.at(-1) ?? series.lastTs;
    const time = parseTime(cells[timeColumn.index] ?? '', previous);
    if (typeof time !== 'number') {
      problem({ row, column: timeColumn.name, reason: time.error });
      continue;
    }
    const number = parseNumber(cells[valueColumn.index] ?? '');
    if (typeof number !== 'number') {
      problem({ row, column: valueColumn.name, reason: number.error });
      continue;
    }
    const convert = converterFor(point);
    if (typeof convert === 'string') {
      problem({ row, column: valueColumn.name, reason: convert });
      continue;
    }
    const estimated = qualityColumn ? ESTIMATED.has(nameKey(cells[qualityColumn.index] ?? '')) : false;
    const converted = convert(number);
    if (!Number.isFinite(converted)) {
      problem({
        row,
        column: valueColumn.name,
        reason: overflowed(cells[valueColumn.index] ?? '', mapping.value.unit, point),
      });
      continue;
    }
    // One comparison a row: a file in time order is never looked through for repeated instants.
    if (previous !== undefined && series.order !== 'mixed')
      series.order = orderAfter(series.order, previous, time);
    series.ts.push(time);
    series.values.push(converted);
    series.quality.push(estimated ? 1 : 0);
    series.rows.push(row);
    if (series.rows.length <= keepWritten) {
      series.written ??= [];
      series.written.push(cells[valueColumn.index] ?? '');
    }
    plan.rowsValid++;
    const handingOn = chunking?.added(series);
    if (handingOn) await handingOn;
  }
  await chunking?.finish();
  return plan;
}

/** A series' order once `time` follows `previous` in it. */
function orderAfter(order: PointReadings['order'], previous: number, time: number): PointReadings['order'] {
  const step = time > previous ? 'rising' : time < previous ? 'falling' : 'mixed';
  return order === undefined || order === step ? step : 'mixed';
}

/** A value that fits a double as written but not once converted (1e308 MWh in kWh). */
function overflowed(text: string, unit: string, point: ImportPoint): string {
  return `"${text.trim()}" ${unit} is too large to store in ${point.unit} (data point '${point.name}')`;
}

function seriesOf(plan: ImportPlan, point: ImportPoint): PointReadings {
  let series = plan.byPoint.get(point.id);
  if (!series) {
    series = { point, ts: [], values: [], quality: [], rows: [] };
    plan.byPoint.set(point.id, series);
  }
  return series;
}

/** Where a mapped column is among the headers, compared without case or surrounding spaces; -1 if nowhere. */
export function columnIndex(headers: readonly string[], name: string): number {
  return headers.findIndex((header) => header.trim().toLowerCase() === name.trim().toLowerCase());
}

/**
 * Finds a mapped column by header name, or says which columns the file has,
 * pointed at the mapping field (`field`) that names the missing one.
 */
function columnIndexer(headers: string[]): (name: string, field: string) => { name: string; index: number } {
  return (name, field) => {
    const index = columnIndex(headers, name);
    if (index < 0) {
      throw new ParseProblem(
        `The file has no column '${name}'. Its columns are: ${headers.map((header) => `'${header}'`).join(', ') || 'none'}.`,
        { field },
      );
    }
    return { name: headers[index] as string, index };
  };
}
