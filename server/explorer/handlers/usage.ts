import { defineHandler } from '../../http/define-handler';
import { usage } from '../usage';

/** Consumption in one unit, ranked by data point or site, or by hour of the week. */
export default defineHandler('usage', async ({ context, organisationId, input }) =>
  usage(context.db, organisationId, input),
);
