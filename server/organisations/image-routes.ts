import type { FastifyInstance } from 'fastify';
import type { GetOrgImageRequest, SaveOrgImageRequest } from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { ApiError } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';
import { replaceImage } from '../storage/images';
import { requireMember } from './membership';

/** The organisation's logo: read, upload (stored as .webp), and set or clear. */
export async function organisationImageRoutes(
  app: FastifyInstance,
  { db, storage }: ApiContext,
): Promise<void> {
  const organisation = (organisationId: number) =>
    db
      .selectFrom('organisations')
      .select(['name', 'image_key'])
      .where('id', '=', organisationId)
      .executeTakeFirst();
  const currentImage = async (organisationId: number) =>
    (await organisation(organisationId))?.image_key ?? null;

  app.post<{ Body: GetOrgImageRequest }>(
    '/orgImage',
    { schema: endpointSchema('getOrgImage') },
    async (request) => {
      requireMember(request.caller, request.body.org_id);
      const found = await organisation(request.body.org_id);
      return [{ org_id: request.body.org_id, image: found?.image_key ?? null, name: found?.name ?? '' }];
    },
  );

  app.put<{ Body: SaveOrgImageRequest }>(
    '/orgImage',
    { schema: endpointSchema('saveOrgImage') },
    async (request) => {
      const { org_id: organisationId, user_image: key } = request.body;
      requireMember(request.caller, organisationId);
      const current = await currentImage(organisationId);
      if (key !== null && key !== current)
        throw new ApiError(400, 'Upload the image with uploadOrgImage first.');
      if (key === null && current) await storage.delete(current);
      await db
        .updateTable('organisations')
        .set({ image_key: key })
        .where('id', '=', organisationId)
        .execute();
      return { ok: true as const };
    },
  );

  app.post(
    '/uploadOrgImage',
    { schema: { response: endpointSchema('uploadOrgImage').response } },
    async (request) => {
      const organisationId = request.caller.organisationId;
      if (organisationId === null) throw new ApiError(409, 'Create or join an organisation first.');
      const key = await replaceImage(
        storage,
        'ORG_IMAGE',
        request.body as Buffer,
        await currentImage(organisationId),
      );
      await db
        .updateTable('organisations')
        .set({ image_key: key })
        .where('id', '=', organisationId)
        .execute();
      return { image: key };
    },
  );
}
