import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GetProfileRequest, SaveProfileRequest } from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { ApiError } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';
import type { Caller } from '../http/authenticate';
import { replaceImage } from '../storage/images';
import { normalisePhone } from './phone';
import { checkTimeZone } from './time-zone';

/** Each user reads and writes only their own profile. */
function requireSelf(caller: Caller, userId: string): void {
  if (userId !== caller.userId) throw new ApiError(403, 'You can only see and change your own profile.');
}

export async function profileRoutes(app: FastifyInstance, { db, storage }: ApiContext): Promise<void> {
  app.post<{ Body: GetProfileRequest }>(
    '/profile',
    { schema: endpointSchema('getProfile') },
    async (request) => {
      requireSelf(request.caller, request.body.user_id);
      const profile = await db
        .selectFrom('profiles')
        .selectAll()
        .where('user_id', '=', request.caller.userId)
        .executeTakeFirst();
      return [
        {
          user_name: request.caller.email,
          display_name: profile?.display_name ?? request.caller.name,
          phone_number: profile?.phone_number ?? null,
          timezone: profile?.time_zone ?? null,
          image: profile?.image_key ?? null,
        },
      ];
    },
  );

  const saveProfile = async (request: FastifyRequest<{ Body: SaveProfileRequest }>) => {
    const { caller, body } = request;
    requireSelf(caller, body.user_id);
    const values = {
      display_name: body.display_name?.trim() || null,
      phone_number: normalisePhone(body.phone_number),
      time_zone: checkTimeZone(body.time_zone),
      updated_at: new Date(),
      ...(body.user_image === undefined ? {} : { image_key: await ownImage(body.user_image, caller) }),
    };
    await db
      .insertInto('profiles')
      .values({ user_id: caller.userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
    return { ok: true as const };
  };
  const saveSchema = { schema: endpointSchema('saveProfile') };
  app.put<{ Body: SaveProfileRequest }>('/profile', saveSchema, saveProfile);
  app.post<{ Body: SaveProfileRequest }>('/updateUserProfile', saveSchema, saveProfile);

  /** A profile may point only at its own current image or none: another user's key is not taken. */
  async function ownImage(key: string | null, caller: Caller): Promise<string | null> {
    if (key === null) return null;
    const current = await db
      .selectFrom('profiles')
      .select('image_key')
      .where('user_id', '=', caller.userId)
      .executeTakeFirst();
    if (current?.image_key !== key) throw new ApiError(400, 'Upload the picture with uploadUserLogo first.');
    return key;
  }

  app.post('/uploadUserLogo', { schema: { response: endpointSchema('uploadUserLogo').response } }, async (request) => {
    const caller = request.caller;
    const current = await db
      .selectFrom('profiles')
      .select('image_key')
      .where('user_id', '=', caller.userId)
      .executeTakeFirst();
    const key = await replaceImage(storage, 'PROFILE', request.body as Buffer, current?.image_key ?? null);
    await db
      .insertInto('profiles')
      .values({ user_id: caller.userId, image_key: key, updated_at: new Date() })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ image_key: key, updated_at: new Date() }),
      )
      .execute();
    return { image: key };
  });
}
