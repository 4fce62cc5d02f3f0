import { defineHandler } from '../../http/define-handler';
import { deleteDataPoint } from '../delete-point';
import { tellPointsChanged } from '../points-changed';

/** Deletes one of the organisation's data points with its readings, or says what would go. */
export default defineHandler('deleteDataPoint', async ({ context, organisationId, input }) => {
  const deletion = await deleteDataPoint(context.db, organisationId, input);
  if (deletion.deleted) tellPointsChanged(context.db, organisationId);
  return deletion;
});
