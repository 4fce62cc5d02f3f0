import { defineHandler } from '../../http/define-handler';
import { listNormalisers } from '../normalisers';

/** The organisation's own benchmarking figures with their values, for everyone in it. */
export default defineHandler('getBenchmarkNormalisers', async ({ context, organisationId }) => ({
  normalisers: await listNormalisers(context.db, organisationId),
}));
