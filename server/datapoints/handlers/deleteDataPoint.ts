import { defineHandler } from '../../http/define-handler';
import { deleteDataPoint } from '../delete-point';

/** Deletes one of the organisation's data points with its readings, or says what would go. */
export default defineHandler('deleteDataPoint', async ({ context, organisationId, input }) =>
  deleteDataPoint(context.db, organisationId, input),
);
