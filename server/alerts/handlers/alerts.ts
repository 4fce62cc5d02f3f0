import { organisationEntities, subtree } from '../../datapoints/entity-tree';
import { notFound } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { listAlerts } from '../alerts';
import { ownPoint } from '../own-point';

/** The organisation's alerts, open ones by default, newest first; of one data point, or of a place and those under it. */
export default defineHandler('alerts', async ({ context, organisationId, input }) => {
  const { entityId, ...filter } = input;
  // A point or place of another organisation's is refused as one that does not exist, not answered with nothing.
  if (filter.dataPointId !== undefined) await ownPoint(context.db, organisationId, filter.dataPointId);
  if (entityId === undefined) return { alerts: await listAlerts(context.db, organisationId, filter) };
  const entities = await organisationEntities(context.db, organisationId);
  if (!entities.has(entityId)) throw notFound(`entity ${entityId}`);
  const entityIds = [...subtree(entities, entityId)];
  return { alerts: await listAlerts(context.db, organisationId, { ...filter, entityIds }) };
});
