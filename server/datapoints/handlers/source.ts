import { defineHandler } from '../../http/define-handler';
import { sourceStates } from '../sources';

/** The organisation's ingestion sources and how each is doing. */
export default defineHandler('source', async ({ context, organisationId }) =>
  sourceStates(context.db, organisationId),
);
