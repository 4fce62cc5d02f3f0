import { defineHandler } from '../../http/define-handler';
import { checkConditionFits, checkRuleFields } from '../check-rule';
import { createRule } from '../rules';

/** Adds an alert rule on one of the organisation's data points. */
export default defineHandler('thresholdCreate', async ({ context, organisationId, caller, input }) => {
  checkRuleFields(input);
  await checkConditionFits(context.db, organisationId, input.dataPointId, input.condition, {
    publishing: context.mqttPublishing,
  });
  return { rule: await createRule(context.db, organisationId, caller.userId, input) };
});
