import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type {
  DataImportRequest,
  GetDataImportRequest,
  GetUserDataImportRequest,
  ImportTemplatesRequest,
} from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { ApiError, notYours } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';
import { callerOrganisation } from '../organisations/membership';
import { dropFolderPath } from './drop-folder';
import { importHistory } from './import-history';
import { meterFileLimit } from './meter-file-limit';
import { meterFileFormat, openMeterTable } from './meter-table';
import { ParseProblem } from './parse/problem';
import { timestampParser } from './parse/timestamp';
import { dryRunInWorker, startPlanWorker } from './plan-in-worker';
import { organisationPoints } from './points';
import { startImport } from './run-import';

const SAMPLE_ROWS = 10;
const METER_FILE_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];

/** Meter files: upload, dry run, import, history and saved mappings. */
export async function importRoutes(app: FastifyInstance, context: ApiContext): Promise<void> {
  const { db, storage, imports } = context;
  const limit = meterFileLimit();
  startPlanWorker();
  app.addContentTypeParser(
    METER_FILE_TYPES,
    { parseAs: 'buffer', bodyLimit: limit.bytes },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Querystring: { name?: string } }>(
    '/meterfiles',
    { schema: endpointSchema('meterfiles'), bodyLimit: limit.bytes, config: { tooLarge: limit.message } },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
        throw new ApiError(400, 'Send the meter file itself as the body (CSV or XLSX); it was empty.');
      }
      const { table, sampleRows } = await readable(async () => {
        const opened = await openMeterTable(bytes);
        const sample: string[][] = [];
        for (const { cells } of opened.rows) {
          sample.push(cells);
          if (sample.length === SAMPLE_ROWS) break;
        }
        return { table: opened, sampleRows: sample };
      });
      const format = meterFileFormat(bytes);
      const fileName = cleanFileName(request.query.name, format);
      const key = `METER_FILES/${randomUUID()}.${format}`;
      await storage.put(key, bytes, format === 'csv' ? 'text/csv' : (METER_FILE_TYPES[4] as string));
      const file = await db
        .insertInto('meter_files')
        .values({
          organisation_id: organisationId,
          uploaded_by: request.caller.userId,
          file_name: fileName,
          file_key: key,
          bytes: bytes.length,
          format,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        fileId: file.id,
        fileName,
        format,
        bytes: bytes.length,
        delimiter: table.delimiter,
        headers: table.headers,
        sampleRows,
      };
    },
  );

  const ownFile = async (organisationId: number, fileId: number) => {
    const file = await db
      .selectFrom('meter_files')
      .select(['id', 'file_name', 'file_key', 'format'])
      .where('id', '=', fileId)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (!file) throw notYours();
    return file;
  };

  app.post<{ Body: GetDataImportRequest }>(
    '/getDataImport',
    { schema: endpointSchema('getDataImport') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const { mapping } = request.body;
      const file = await ownFile(organisationId, request.body.fileId);
      const bytes = await storage.get(file.file_key);
      if (!bytes) throw new ApiError(404, 'The uploaded file is no longer stored; upload it again.');
      const points = await organisationPoints(db, organisationId);
      // Read on the worker thread: a large file would otherwise hold up every other request.
      return readable(() => dryRunInWorker(bytes, mapping, points));
    },
  );

  app.post<{ Body: DataImportRequest }>(
    '/dataImport',
    { schema: endpointSchema('dataImport') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const file = await ownFile(organisationId, request.body.fileId);
      // Settings that cannot work are refused now rather than recorded as a failed import.
      await readable(async () => planSettingsCheck(request.body));
      const { importId } = await startImport(db, storage, imports, {
        organisationId,
        userId: request.caller.userId,
        file,
        source: file.format,
        mapping: request.body.mapping,
        skipBadRows: request.body.skipBadRows ?? false,
      });
      const [started] = await importHistory(db, imports, organisationId, importId);
      if (started) imports.remember(importId, started);
      return started;
    },
  );

  app.post<{ Body: GetUserDataImportRequest }>(
    '/getUserDataImport',
    { schema: endpointSchema('getUserDataImport') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const { importId, waitMs } = request.body;
      // Only the organisation's own import is waited for; anyone else's is answered (refused) at once.
      if (importId && waitMs && imports.current(organisationId, importId))
        await imports.ended(importId, waitMs);
      // A running import answers from memory: on PGlite its transaction holds the database.
      const running = importId && imports.current(organisationId, importId);
      if (running) return { imports: [running] };
      const found = await importHistory(db, imports, organisationId, importId);
      if (importId !== undefined && found.length === 0) throw notYours();
      return { imports: found };
    },
  );

  app.post<{ Body: ImportTemplatesRequest }>(
    '/importTemplates',
    { schema: endpointSchema('importTemplates') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const { name, mapping } = request.body;
      if (name !== undefined && mapping !== undefined) {
        const values = { name: name.trim(), mapping: JSON.stringify(mapping), updated_at: new Date() };
        await db
          .insertInto('import_templates')
          .values({ organisation_id: organisationId, ...values })
          .onConflict((conflict) => conflict.columns(['organisation_id', 'name']).doUpdateSet(values))
          .execute();
      }
      return { templates: await templates(organisationId) };
    },
  );

  app.delete<{ Params: { id: string } }>('/importTemplates/:id', async (request) => {
    const organisationId = callerOrganisation(request.caller);
    const id = Number(request.params.id);
    const deleted = Number.isInteger(id)
      ? await db
          .deleteFrom('import_templates')
          .where('id', '=', id)
          .where('organisation_id', '=', organisationId)
          .executeTakeFirst()
      : undefined;
    if (!deleted || Number(deleted.numDeletedRows) === 0) throw notYours();
    return { templates: await templates(organisationId) };
  });

  app.post('/transfer_sftp', { schema: endpointSchema('transferSftp') }, async (request) => {
    const organisationId = callerOrganisation(request.caller);
    const root = context.dropFolderRoot;
    const folder = root ? dropFolderPath(root, organisationId) : null;
    const history = await importHistory(db, imports, organisationId);
    return {
      enabled: folder !== null,
      folder,
      templates: folder
        ? (await templates(organisationId)).map((template) => ({
            name: template.name,
            folder: join(folder, template.name),
          }))
        : [],
      imports: history.filter((entry) => entry.source === 'sftp').slice(0, 20),
    };
  });

  async function templates(organisationId: number) {
    const rows = await db
      .selectFrom('import_templates')
      .select(['id', 'name', 'mapping', 'updated_at'])
      .where('organisation_id', '=', organisationId)
      .orderBy('name')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      mapping: row.mapping as DataImportRequest['mapping'],
      updatedAt: row.updated_at.toISOString(),
    }));
  }
}

/** Problems with the file or the mapping are the user's to fix: 400 with the reason. */
async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ParseProblem) throw new ApiError(400, error.message);
    throw error;
  }
}

/** The part of a mapping that fails before any row is read: the time zone. */
async function planSettingsCheck(body: DataImportRequest): Promise<void> {
  timestampParser(body.mapping.timestamp.format, body.mapping.timestamp.timeZone);
}

/** A display name only (the stored key is ours): no paths, no control characters. */
function cleanFileName(name: string | undefined, format: 'csv' | 'xlsx'): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return base || `meter-file.${format}`;
}
