import type { FastifyInstance } from 'fastify';
import type { LocalStorageRequest } from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { ApiError, invalidBody } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';
import { requireMember } from '../organisations/membership';

/**
 * The spec's per-user interface config (§3, §7): saved with `custom` (the
 * settings as a JSON string), loaded without it, always the caller's own.
 */
export async function settingsRoutes(app: FastifyInstance, { db }: ApiContext): Promise<void> {
  app.post<{ Body: LocalStorageRequest }>(
    '/localStorage',
    { schema: endpointSchema('localStorage') },
    async (request) => {
      const { caller, body } = request;
      requireMember(caller, body.org_id);
      if (body.user_id !== undefined && body.user_id !== caller.userId) {
        throw new ApiError(403, 'You can only save your own settings.');
      }
      if (body.custom === undefined) {
        const row = await db
          .selectFrom('ui_configs')
          .select('config')
          .where('user_id', '=', caller.userId)
          .where('organisation_id', '=', body.org_id)
          .executeTakeFirst();
        return row ? [{ uxConfig: JSON.stringify(row.config) }] : [];
      }
      let config: unknown;
      try {
        config = JSON.parse(body.custom);
      } catch {
        throw invalidBody([{ pointer: '/custom', message: 'must be the settings as JSON text' }]);
      }
      if (typeof config !== 'object' || config === null || Array.isArray(config)) {
        throw invalidBody([{ pointer: '/custom', message: 'must be a JSON object of settings' }]);
      }
      const values = { config: JSON.stringify(config), updated_at: new Date() };
      await db
        .insertInto('ui_configs')
        .values({ user_id: caller.userId, organisation_id: body.org_id, ...values })
        .onConflict((conflict) => conflict.columns(['user_id', 'organisation_id']).doUpdateSet(values))
        .execute();
      return [{ uxConfig: JSON.stringify(config) }];
    },
  );
}
