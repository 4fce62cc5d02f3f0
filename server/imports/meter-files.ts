import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import type { ObjectStorage } from '../storage/object-storage';
import { type MeterTable, openMeterTable } from './meter-table';

const SAMPLE_ROWS = 10;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An uploaded meter file as an import needs it. */
export interface MeterFile {
  id: number;
  file_name: string;
  file_key: string;
  format: 'csv' | 'xlsx';
}

/** The file's table and its first rows, as the upload shows them. */
export async function meterFileSample(bytes: Buffer): Promise<{ table: MeterTable; sampleRows: string[][] }> {
  const table = await openMeterTable(bytes);
  const sampleRows: string[][] = [];
  for (const { cells } of table.rows) {
    sampleRows.push(cells);
    if (sampleRows.length === SAMPLE_ROWS) break;
  }
  return { table, sampleRows };
}

/** Keeps an uploaded file's bytes in storage and records it for the organisation; returns its id. */
export async function storeMeterFile(
  db: Database,
  storage: ObjectStorage,
  file: {
    organisationId: number;
    uploadedBy: string;
    fileName: string;
    format: 'csv' | 'xlsx';
    bytes: Buffer;
  },
): Promise<number> {
  const { format } = file;
  const key = `METER_FILES/${randomUUID()}.${format}`;
  await storage.put(key, file.bytes, format === 'csv' ? 'text/csv' : XLSX_TYPE);
  const row = await db
    .insertInto('meter_files')
    .values({
      organisation_id: file.organisationId,
      uploaded_by: file.uploadedBy,
      file_name: file.fileName,
      file_key: key,
      bytes: file.bytes.length,
      format,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One of the organisation's uploaded files; 404 when there is none with that id there. */
export async function findMeterFile(
  db: Database,
  organisationId: number,
  fileId: number,
): Promise<MeterFile> {
  const row = await db
    .selectFrom('meter_files')
    .select(['id', 'file_name', 'file_key', 'format'])
    .where('id', '=', fileId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return ownedOrNotFound(row, `meter file ${fileId}`);
}

/** A display name only (the stored key is ours): no paths, no control characters. */
export function cleanFileName(name: string | undefined, format: 'csv' | 'xlsx'): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return base || `meter-file.${format}`;
}
