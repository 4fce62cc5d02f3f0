import { fieldError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { requireOwnDataPoints } from '../../saved-views/own-points';
import { alertPeriods } from '../alerts';

/** When the alerts of the rules on these data points fired within the period, for a chart to mark. */
export default defineHandler('alertPeriods', async ({ context, organisationId, input }) => {
  const from = new Date(input.from);
  const to = new Date(input.to);
  if (to <= from) throw fieldError('/to', `The period ends (${input.to}) before it starts (${input.from}).`);
  await requireOwnDataPoints(context.db, organisationId, input.dataPointIds);
  return {
    alerts: await alertPeriods(context.db, organisationId, { dataPointIds: input.dataPointIds, from, to }),
  };
});
