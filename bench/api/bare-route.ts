import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.ts';
import { membersOf, openInvitationsOf } from '../../server/users/queries.ts';

export const BARE_PATH = '/bare/getUsers';
/** The bare route takes the organisation from this header: it has no token to take it from. */
export const ORGANISATION_HEADER = 'x-organisation';

/**
 * The reference: the same two queries getUsers runs (the same functions), for
 * the organisation the request names, straight to JSON, with no token check,
 * validation, organisation check or response schema. The lower bound for
 * this endpoint on this database.
 */
export function bareRoute(db: Database): FastifyInstance {
  const bare = Fastify();
  bare.post(BARE_PATH, async (request) => {
    const organisationId = Number(request.headers[ORGANISATION_HEADER]);
    const [users, invitations] = await Promise.all([
      membersOf(db, organisationId),
      openInvitationsOf(db, organisationId),
    ]);
    return { users, invitations };
  });
  return bare;
}
