import type { DataImportRequest } from '../../../src/generated/api-types';
import { defineHandler } from '../../http/define-handler';
import { importHistory } from '../import-history';
import { mappedTimeParser } from '../mapping-fields';
import { findMeterFile } from '../meter-files';
import { requireMappedPoint } from '../points';
import { readable } from '../readable';
import { startImport } from '../run-import';

/** Starts importing an uploaded file in the background; the answer is the import as it starts. */
export default defineHandler('dataImport', async ({ context, organisationId, caller, input }) => {
  const { db, storage, imports } = context;
  const file = await findMeterFile(db, organisationId, input.fileId);
  await requireMappedPoint(db, organisationId, input.mapping);
  // Settings that cannot work are refused now rather than recorded as a failed import.
  await readable(async () => planSettingsCheck(input));
  const { importId } = await startImport(db, storage, imports, {
    organisationId,
    userId: caller.userId,
    file,
    source: file.format,
    mapping: input.mapping,
    skipBadRows: input.skipBadRows ?? false,
  });
  const [started] = await importHistory(db, imports, organisationId, importId);
  if (!started) throw new Error(`import ${importId} was started but is not in the history`);
  imports.remember(importId, started);
  return started;
});

/** The part of a mapping that fails before any row is read: the time zone. */
async function planSettingsCheck(body: DataImportRequest): Promise<void> {
  mappedTimeParser(body.mapping);
}
