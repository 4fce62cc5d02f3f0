import { defineHandler } from '../../http/define-handler';
import { importHistory } from '../import-history';
import { listTemplates } from '../import-templates';
import { folderNameProblem } from '../template-folder-name';

/** Latest imports that came by SFTP, at most. */
const LISTED_IMPORTS = 20;

/**
 * The organisation's SFTP drop folder, a folder per template, and the imports
 * that came that way. Paths are as the organisation's SFTP account sees them,
 * from the root of its own folder (a chroot): where that folder lies on the
 * server is the operator's, not the user's, to know.
 */
export default defineHandler('transferSftp', async ({ context, organisationId }) => {
  const { db, imports, dropFolderRoot } = context;
  const enabled = dropFolderRoot !== undefined;
  const history = await importHistory(db, imports, organisationId);
  return {
    enabled,
    folder: enabled ? '/' : null,
    templates: enabled
      ? (await listTemplates(db, organisationId))
          // A name saved before names were checked might not be one folder; such a template has no folder.
          .filter((template) => folderNameProblem(template.name) === undefined)
          .map((template) => ({ name: template.name, folder: `/${template.name}` }))
      : [],
    imports: history.filter((entry) => entry.source === 'sftp').slice(0, LISTED_IMPORTS),
  };
});
