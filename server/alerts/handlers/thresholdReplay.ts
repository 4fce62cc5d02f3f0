import { defineHandler } from '../../http/define-handler';
import { replayRule } from '../replay';

/** When a rule, saved or not, would have fired over the last days' readings. */
export default defineHandler('thresholdReplay', async ({ context, organisationId, input }) =>
  replayRule(context.db, organisationId, input),
);
