import { roleAllows } from '../../../src/auth/roles';
import { fieldError, roleLacks } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { listTemplates, saveTemplate } from '../import-templates';
import { requireMappedPoint } from '../points';
import { folderNameProblem } from '../template-folder-name';

/** The organisation's saved column mappings; with a name and mapping, an editor or higher saves one first. */
export default defineHandler('importTemplates', async ({ context, caller, organisationId, input }) => {
  const { name, mapping } = input;
  if (name !== undefined && mapping !== undefined) {
    // Viewers list the templates (the contract's role); saving one changes the organisation's set-up.
    if (!roleAllows(caller.role, 'editor')) throw roleLacks(caller.role, 'editor');
    const problem = folderNameProblem(name);
    if (problem) throw fieldError('/name', `The template name ${problem}.`);
    await requireMappedPoint(context.db, organisationId, mapping);
    await saveTemplate(context.db, organisationId, name, mapping);
  }
  return { templates: await listTemplates(context.db, organisationId) };
});
