import { defineHandler } from '../../http/define-handler';
import { listRules } from '../rules';

/** The organisation's alert rules, each with whether it has an alert open. */
export default defineHandler('thresholds', async ({ context, organisationId }) => ({
  rules: await listRules(context.db, organisationId),
}));
