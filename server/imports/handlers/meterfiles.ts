import { fieldError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { meterFileLimit } from '../meter-file-limit';
import { cleanFileName, meterFileSample, storeMeterFile } from '../meter-files';
import { meterFileFormat } from '../meter-table';
import { startPlanWorker } from '../plan-in-worker';
import { readable } from '../readable';

/** A meter file's upload: kept for previews and imports; the answer shows its columns and first rows. */
export default defineHandler(
  'meterfiles',
  async ({ context, organisationId, caller, input, file }) => {
    if (!Buffer.isBuffer(file) || file.length === 0) {
      throw fieldError('', 'Send the meter file itself as the body (CSV or XLSX); it was empty.');
    }
    const { table, sampleRows } = await readable(() => meterFileSample(file));
    const format = meterFileFormat(file);
    const fileName = cleanFileName(input.name, format);
    const fileId = await storeMeterFile(context.db, context.storage, {
      organisationId,
      uploadedBy: caller.userId,
      fileName,
      format,
      bytes: file,
    });
    return {
      fileId,
      fileName,
      format,
      bytes: file.length,
      delimiter: table.delimiter,
      headers: table.headers,
      sampleRows,
    };
  },
  // The limit is METER_FILE_MAX_MB's; the reader's worker starts now, not on the first preview.
  { bodyLimit: meterFileLimit, setup: () => startPlanWorker() },
);
