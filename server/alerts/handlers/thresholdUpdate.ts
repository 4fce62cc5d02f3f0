import { defineHandler } from '../../http/define-handler';
import { checkRuleFields } from '../check-rule';
import { updateRule } from '../rules';

/** Changes an alert rule of the organisation's. */
export default defineHandler('thresholdUpdate', async ({ context, organisationId, input }) => {
  const { id, ...fields } = input;
  checkRuleFields(fields);
  return { rule: await updateRule(context.db, organisationId, id, fields) };
});
