import { defineHandler } from '../../http/define-handler';
import { deleteTemplate, listTemplates } from '../import-templates';

/** Removes one of the organisation's saved column mappings; the answer lists those left. */
export default defineHandler('importTemplateDelete', async ({ context, organisationId, input }) => {
  await deleteTemplate(context.db, organisationId, input.id);
  return { templates: await listTemplates(context.db, organisationId) };
});
