import type { FastifyInstance } from 'fastify';
import type {
  AddDataPointsRefRequest,
  GetDataPointRequest,
  ReplaceDataPointRequest,
} from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { endpointSchema } from '../http/api-schema';
import { callerOrganisation } from '../organisations/membership';
import { addDataPoints } from './add-points';
import { DATA_POINT_INTENTS } from './intents';
import { listDataPoints } from './list-points';
import { replaceDataPoint } from './replace-point';
import { sourceStates } from './sources';

/** Data points (Data Feeds): the catalogue of what they measure, listing, adding, changing, and where data comes from. */
export async function dataPointRoutes(app: FastifyInstance, { db }: ApiContext): Promise<void> {
  app.post('/dataPointIntents', { schema: endpointSchema('dataPointIntents') }, async (request) => {
    callerOrganisation(request.caller);
    return { intents: DATA_POINT_INTENTS };
  });

  app.post<{ Body: GetDataPointRequest }>(
    '/getDataPoint',
    { schema: endpointSchema('getDataPoint') },
    async (request) => ({
      dataPoints: await listDataPoints(db, callerOrganisation(request.caller), request.body),
    }),
  );

  app.post<{ Body: AddDataPointsRefRequest }>(
    '/addDataPointsRef',
    { schema: endpointSchema('addDataPointsRef') },
    async (request) => ({
      dataPoints: await addDataPoints(db, callerOrganisation(request.caller), request.body.dataPoints),
    }),
  );

  app.post<{ Body: ReplaceDataPointRequest }>(
    '/replaceDataPoint',
    { schema: endpointSchema('replaceDataPoint') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const { recomputed } = await replaceDataPoint(db, organisationId, request.body);
      const [dataPoint] = await listDataPoints(db, organisationId, { dataPointId: request.body.dataPointId });
      return { dataPoint, recomputed };
    },
  );

  app.post('/source', { schema: endpointSchema('source') }, async (request) =>
    sourceStates(db, callerOrganisation(request.caller)),
  );
}
