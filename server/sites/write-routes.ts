import type { FastifyInstance } from 'fastify';
import type { AddEntityRequest, UpdateEntityRequest } from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { ApiError, notYours } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';
import { callerOrganisation } from '../organisations/membership';
import { replaceImage } from '../storage/images';
import { addEntity } from './add-entity';
import { findEntity, loadEntityInTree } from './places';
import { presentEntity } from './present';
import { updateEntity } from './update-entity';

/** Changing the organisation's tree: adding and editing entities, and their pictures. */
export async function siteWriteRoutes(app: FastifyInstance, { db, storage }: ApiContext): Promise<void> {
  /** The entity as the API shows it, counts included, after a change. */
  const entityView = async (organisationId: number, entityId: number) => {
    const { row, tree } = await loadEntityInTree(db, organisationId, entityId);
    return presentEntity(row, tree);
  };

  app.post<{ Body: AddEntityRequest }>(
    '/addEntity',
    { schema: endpointSchema('addEntity') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const id = await addEntity(db, organisationId, request.body);
      return { entity: await entityView(organisationId, id) };
    },
  );

  app.post<{ Body: UpdateEntityRequest }>(
    '/updateEntity',
    { schema: endpointSchema('updateEntity') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      await updateEntity(db, organisationId, request.body);
      return { entity: await entityView(organisationId, request.body.entityId) };
    },
  );

  app.post<{ Querystring: { entityId?: string } }>(
    '/uploadEntityImage',
    { schema: endpointSchema('uploadEntityImage') },
    async (request) => {
      const organisationId = callerOrganisation(request.caller);
      const entityId = Number(request.query.entityId);
      if (!Number.isInteger(entityId) || entityId < 1) {
        throw new ApiError(400, 'Name the entity the picture is for: add ?entityId=<id> to the address.');
      }
      const entity = await findEntity(db, organisationId, entityId);
      if (!entity) throw notYours();
      const key = await replaceImage(storage, 'ENTITY_IMAGE', request.body as Buffer, entity.image_key);
      await db
        .updateTable('entities')
        .set({ image_key: key, updated_at: new Date() })
        .where('id', '=', entity.id)
        .execute();
      return { image: key };
    },
  );
}
