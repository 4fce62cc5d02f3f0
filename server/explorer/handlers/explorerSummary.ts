import { defineHandler } from '../../http/define-handler';
import { checkSeriesRequest } from '../series-request';
import { explorerSummaries } from '../summaries';

/** Each point's figures over the period and, unless left out, the period before. */
export default defineHandler('explorerSummary', async ({ context, organisationId, input }) => {
  const checked = await checkSeriesRequest(context.db, organisationId, input);
  return explorerSummaries(context.db, checked, { compare: input.compare ?? true, now: Date.now() });
});
