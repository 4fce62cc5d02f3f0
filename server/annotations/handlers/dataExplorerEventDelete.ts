import { defineHandler } from '../../http/define-handler';
import { deleteAnnotation } from '../annotation-rows';
import { EVENTS } from '../events';

/** Removes one of the organisation's events. */
export default defineHandler('dataExplorerEventDelete', async ({ context, organisationId, input }) => {
  await deleteAnnotation(context.db, EVENTS, organisationId, input.id);
  return { deleted: input.id };
});
