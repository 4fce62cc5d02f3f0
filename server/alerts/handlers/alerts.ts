import { defineHandler } from '../../http/define-handler';
import { listAlerts } from '../alerts';
import { ownPoint } from '../own-point';

/** The organisation's alerts, open ones by default, newest first. */
export default defineHandler('alerts', async ({ context, organisationId, input }) => {
  // A point of another organisation's is refused as one that does not exist, not answered with nothing.
  if (input.dataPointId !== undefined) await ownPoint(context.db, organisationId, input.dataPointId);
  return { alerts: await listAlerts(context.db, organisationId, input) };
});
