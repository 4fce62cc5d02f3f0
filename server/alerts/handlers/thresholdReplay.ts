import { defineHandler } from '../../http/define-handler';
import { checkConditionFits } from '../check-rule';
import { replayRule } from '../replay';

/** When a rule, saved or not, would have fired over the last days' readings. */
export default defineHandler('thresholdReplay', async ({ context, organisationId, input }) => {
  await checkConditionFits(context.db, organisationId, input.dataPointId, input.condition);
  return replayRule(context.db, organisationId, input);
});
