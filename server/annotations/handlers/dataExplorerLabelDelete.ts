import { defineHandler } from '../../http/define-handler';
import { deleteAnnotation } from '../annotation-rows';
import { LABELS } from '../labels';

/** Removes one of the organisation's labels. */
export default defineHandler('dataExplorerLabelDelete', async ({ context, organisationId, input }) => {
  await deleteAnnotation(context.db, LABELS, organisationId, input.id);
  return { deleted: input.id };
});
