import { defineHandler } from '../../http/define-handler';
import { checkConditionFits, checkRuleFields } from '../check-rule';
import { updateRule } from '../rules';

/** Changes an alert rule of the organisation's. */
export default defineHandler('thresholdUpdate', async ({ context, organisationId, input }) => {
  const { id, ...fields } = input;
  checkRuleFields(fields);
  await checkConditionFits(context.db, organisationId, fields.dataPointId, fields.condition, {
    publishing: context.mqttPublishing,
  });
  return { rule: await updateRule(context.db, organisationId, id, fields) };
});
