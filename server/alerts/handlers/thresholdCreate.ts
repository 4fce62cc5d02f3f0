import { defineHandler } from '../../http/define-handler';
import { checkRuleFields } from '../check-rule';
import { createRule } from '../rules';

/** Adds an alert rule on one of the organisation's data points. */
export default defineHandler('thresholdCreate', async ({ context, organisationId, caller, input }) => {
  checkRuleFields(input);
  return { rule: await createRule(context.db, organisationId, caller.userId, input) };
});
