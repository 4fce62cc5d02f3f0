import type { FastifyInstance } from 'fastify';
import type {
  VirtualDatapointCheckRequest,
  VirtualDatapointRequest,
  VirtualDatapointUpdateRequest,
} from '../../../src/generated/api-types';
import type { ApiContext } from '../../http/api-context';
import { endpointSchema } from '../../http/api-schema';
import { callerOrganisation } from '../../organisations/membership';
import {
  checkVirtualFormula,
  createVirtualPoint,
  deleteVirtualPoint,
  updateVirtualPoint,
} from './virtual-points';

/** Virtual data points: formulas over other points, checked, created, changed and removed. */
export async function virtualPointRoutes(app: FastifyInstance, { db }: ApiContext): Promise<void> {
  app.post<{ Body: VirtualDatapointCheckRequest }>(
    '/virtualDatapoint/check',
    { schema: endpointSchema('virtualDatapointCheck') },
    async (request) =>
      checkVirtualFormula(
        db,
        callerOrganisation(request.caller),
        request.body.formula,
        request.body.dataPointId,
      ),
  );

  app.post<{ Body: VirtualDatapointRequest }>(
    '/virtualDatapoint',
    { schema: endpointSchema('virtualDatapoint') },
    async (request) => ({
      dataPoint: await createVirtualPoint(db, callerOrganisation(request.caller), request.body),
    }),
  );

  app.put<{ Body: VirtualDatapointUpdateRequest }>(
    '/virtualDatapoint',
    { schema: endpointSchema('virtualDatapointUpdate') },
    async (request) => ({
      dataPoint: await updateVirtualPoint(db, callerOrganisation(request.caller), request.body),
    }),
  );

  const remove = endpointSchema('virtualDatapointDelete');
  app.delete<{ Params: { id: string } }>(
    '/virtualDatapoint/:id',
    { schema: { params: remove.body, response: remove.response, description: remove.description } },
    async (request) => deleteVirtualPoint(db, callerOrganisation(request.caller), Number(request.params.id)),
  );
}
