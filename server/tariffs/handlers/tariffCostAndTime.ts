import { defineHandler } from '../../http/define-handler';
import { pointCosts } from '../point-costs';

/** What the organisation's data points cost per hour, day or month, for anyone in it. */
export default defineHandler('tariffCostAndTime', async ({ context, organisationId, input }) =>
  pointCosts(context.db, organisationId, input),
);
