import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { GetChartDataByS3Response } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { ObjectStorage } from '../storage/object-storage';
import { type ComputedSeries, computeSeries } from './compute-series';
import type { CheckedSeriesRequest } from './series-request';

/** One table of what a chart shows: a row per bucket start, a column per series, blanks for gaps. */
interface ExportTable {
  header: string[];
  rows: (string | number | null)[][];
}

/**
 * getChartDataByS3: every bucket of the query (nothing reduced) as CSV or
 * XLSX in object storage, under a random name that is the download's only key.
 */
export async function exportSeries(
  db: Database,
  storage: ObjectStorage,
  request: CheckedSeriesRequest,
  /** fileName: what the download is saved as, without its extension; by the resolution and day when absent. */
  options: { format: 'csv' | 'xlsx'; now: number; fileName?: string },
): Promise<GetChartDataByS3Response> {
  const series = await computeSeries(db, request.graph, request.points, { ...request, now: options.now });
  const table = exportTable(series);
  const body = options.format === 'csv' ? Buffer.from(toCsv(table), 'utf8') : await toXlsx(table);
  const key = `EXPORTS/${randomUUID()}.${options.format}`;
  const type =
    options.format === 'csv'
      ? 'text/csv'
      : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await storage.put(key, body, type);
  const day = new Date(request.from).toISOString().slice(0, 10);
  return {
    url: `/files/${key}`,
    fileName: `${options.fileName ?? `insights-${request.resolution}-${day}`}.${options.format}`,
    rows: table.rows.length,
    bytes: body.length,
  };
}

function exportTable(series: ComputedSeries[]): ExportTable {
  const times = [...new Set(series.flatMap((one) => one.series.t))].sort((a, b) => a - b);
  const columns = series.map((one) => {
    const byTime = new Map<number, number | null>();
    for (const [i, t] of one.series.t.entries()) byTime.set(t, one.series.v[i] ?? null);
    return byTime;
  });
  const zone = series[0]?.point.timeZone ?? 'UTC';
  const local = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' });
  return {
    header: [
      'Time (UTC)',
      `Local time (${zone})`,
      ...series.map((one) => `${one.point.name} (${one.point.unit}, ${one.aggregate})`),
    ],
    rows: times
      .map((t) => [
        new Date(t).toISOString(),
        local.format(t),
        ...columns.map((column) => column.get(t) ?? null),
      ])
      .filter((row) => row.slice(2).some((value) => value !== null)),
  };
}

/** RFC 4180, with text that a spreadsheet would run as a formula defused (a leading ' ). */
function toCsv(table: ExportTable): string {
  const cell = (value: string | number | null): string => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `${[table.header, ...table.rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

async function toXlsx(table: ExportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  // Cells are written as values, never formulas: exceljs only makes a formula from a { formula } object.
  sheet.addRow(table.header).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
