import { ApiError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { findMeterFile } from '../meter-files';
import { dryRunInWorker } from '../plan-in-worker';
import { organisationPoints, requireMappedPoint } from '../points';
import { readable } from '../readable';

/** A dry run of importing an uploaded file with a mapping: nothing is stored. */
export default defineHandler('getDataImport', async ({ context, organisationId, input }) => {
  const file = await findMeterFile(context.db, organisationId, input.fileId);
  await requireMappedPoint(context.db, organisationId, input.mapping);
  const bytes = await context.storage.get(file.file_key);
  if (!bytes) throw new ApiError(404, 'The uploaded file is no longer stored; upload it again.');
  const points = await organisationPoints(context.db, organisationId);
  // Read on the worker thread: a large file would otherwise hold up every other request.
  return readable(() => dryRunInWorker(bytes, input.mapping, points));
});
