import { fieldError, notFound } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { alertPeriods } from '../alerts';

/** When the alerts of the rules on these data points fired within the period, for a chart to mark. */
export default defineHandler('alertPeriods', async ({ context, organisationId, input }) => {
  const from = new Date(input.from);
  const to = new Date(input.to);
  if (to <= from) throw fieldError('/to', `The period ends (${input.to}) before it starts (${input.from}).`);
  const owned = await context.db
    .selectFrom('data_points')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', input.dataPointIds)
    .execute();
  const found = new Set(owned.map((row) => row.id));
  const missing = input.dataPointIds.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`data point ${missing}`);
  return {
    alerts: await alertPeriods(context.db, organisationId, { dataPointIds: input.dataPointIds, from, to }),
  };
});
