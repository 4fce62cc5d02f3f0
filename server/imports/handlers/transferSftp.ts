import { join } from 'node:path';
import { defineHandler } from '../../http/define-handler';
import { dropFolderPath } from '../drop-folder';
import { importHistory } from '../import-history';
import { listTemplates } from '../import-templates';

/** Latest imports that came by SFTP, at most. */
const LISTED_IMPORTS = 20;

/** The organisation's SFTP drop folder, a folder per template, and the imports that came that way. */
export default defineHandler('transferSftp', async ({ context, organisationId }) => {
  const { db, imports, dropFolderRoot } = context;
  const folder = dropFolderRoot ? dropFolderPath(dropFolderRoot, organisationId) : null;
  const history = await importHistory(db, imports, organisationId);
  return {
    enabled: folder !== null,
    folder,
    templates: folder
      ? (await listTemplates(db, organisationId)).map((template) => ({
          name: template.name,
          folder: join(folder, template.name),
        }))
      : [],
    imports: history.filter((entry) => entry.source === 'sftp').slice(0, LISTED_IMPORTS),
  };
});
