import { defineHandler } from '../../http/define-handler';
import { deleteRule } from '../rules';

/** Deletes an alert rule with its alerts and their notifications. */
export default defineHandler('thresholdDelete', async ({ context, organisationId, input }) => {
  await deleteRule(context.db, organisationId, input.id);
  return { deleted: input.id };
});
