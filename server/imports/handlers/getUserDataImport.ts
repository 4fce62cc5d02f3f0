import { defineHandler } from '../../http/define-handler';
import { ownedOrNotFound } from '../../http/owned-or-not-found';
import { importHistory } from '../import-history';

/** The organisation's import history, or one import, optionally waited on while it runs. */
export default defineHandler('getUserDataImport', async ({ context, organisationId, input }) => {
  const { db, imports } = context;
  const { importId, waitMs } = input;
  // Only the organisation's own import is waited for; anyone else's is answered (refused) at once.
  if (importId && waitMs && imports.current(organisationId, importId)) await imports.ended(importId, waitMs);
  // A running import answers from memory: on PGlite its transaction holds the database.
  const running = importId && imports.current(organisationId, importId);
  if (running) return { imports: [running] };
  const found = await importHistory(db, imports, organisationId, importId);
  if (importId !== undefined) ownedOrNotFound(found[0], `import ${importId}`);
  return { imports: found };
});
