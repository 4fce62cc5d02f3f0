import type { FastifyInstance } from 'fastify';
import type {
  ExplorerSummaryRequest,
  GetChartDataByDateRequest,
  GetChartDataByDateTimestreamRequest,
  GetChartDataByS3Request,
  GetEntitesForDataExplorerRequest,
  UsageRequest,
} from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { endpointSchema } from '../http/api-schema';
import { callerOrganisation } from '../organisations/membership';
import { chartData } from './chart-data';
import { explorerEntities } from './explorer-entities';
import { exportSeries } from './export-series';
import { checkSeriesRequest } from './series-request';
import { storedReadings } from './stored-readings';
import { explorerSummaries } from './summaries';
import { usage } from './usage';

/** The Data Explorer's reads: what can be picked, the series a chart draws, summaries, usage, exports and stored readings. */
export async function explorerRoutes(app: FastifyInstance, { db, storage }: ApiContext): Promise<void> {
  app.post<{ Body: GetEntitesForDataExplorerRequest }>(
    '/getEntitesForDataExplorer',
    { schema: endpointSchema('getEntitesForDataExplorer') },
    async (request) => explorerEntities(db, callerOrganisation(request.caller), request.body),
  );

  app.post<{ Body: GetChartDataByDateRequest }>(
    '/getChartDataByDate',
    { schema: endpointSchema('getChartDataByDate') },
    async (request) => {
      const width = request.body.width ?? 1000;
      const checked = await checkSeriesRequest(db, callerOrganisation(request.caller), request.body, width);
      return chartData(db, checked, { width, compare: request.body.compare ?? false, now: Date.now() });
    },
  );

  app.post<{ Body: ExplorerSummaryRequest }>(
    '/explorerSummary',
    { schema: endpointSchema('explorerSummary') },
    async (request) => {
      const checked = await checkSeriesRequest(db, callerOrganisation(request.caller), request.body);
      return explorerSummaries(db, checked, { compare: request.body.compare ?? true, now: Date.now() });
    },
  );

  app.post<{ Body: GetChartDataByDateTimestreamRequest }>(
    '/getChartDataByDateTimestream',
    { schema: endpointSchema('getChartDataByDateTimestream') },
    async (request) => storedReadings(db, callerOrganisation(request.caller), request.body),
  );

  app.post<{ Body: GetChartDataByS3Request }>(
    '/getChartDataByS3',
    { schema: endpointSchema('getChartDataByS3') },
    async (request) => {
      const checked = await checkSeriesRequest(db, callerOrganisation(request.caller), request.body);
      return exportSeries(db, storage, checked, { format: request.body.format ?? 'csv', now: Date.now() });
    },
  );

  app.post<{ Body: UsageRequest }>('/usage', { schema: endpointSchema('usage') }, async (request) =>
    usage(db, callerOrganisation(request.caller), request.body),
  );
}
