import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BookMarkCreateRequest, BookMarkDeleteRequest } from '../../src/generated/api-types';
import { isDatabaseId } from '../saved-views/database-id';
import type { ApiContext } from '../http/api-context';
import { ApiError } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';
import { callerOrganisation } from '../organisations/membership';
import { addBookmark } from './add-bookmark';
import type { BookmarkOwner } from './bookmarks';
import { listBookmarks } from './bookmarks';

/** The caller's own bookmarks to Data Explorer views: list, add, remove. Nobody else sees or removes them. */
export async function bookmarkRoutes(app: FastifyInstance, { db }: ApiContext): Promise<void> {
  const list = endpointSchema('bookMark');
  app.get(
    '/bookMark',
    { schema: { response: list.response, description: list.description } },
    async (request) => ({
      bookmarks: await listBookmarks(db, owner(request)),
    }),
  );

  app.post<{ Body: BookMarkCreateRequest }>(
    '/bookMark',
    { schema: endpointSchema('bookMarkCreate') },
    async (request) => ({ bookmark: await addBookmark(db, owner(request), request.body) }),
  );

  const remove = endpointSchema('bookMarkDelete');
  app.delete<{ Params: BookMarkDeleteRequest }>(
    '/bookMark/:id',
    { schema: { params: remove.body, response: remove.response, description: remove.description } },
    async (request) => {
      const { organisationId, userId } = owner(request);
      const id = Number(request.params.id);
      const deleted = isDatabaseId(id)
        ? await db
            .deleteFrom('bookmarks')
            .where('id', '=', id)
            .where('organisation_id', '=', organisationId)
            .where('user_id', '=', userId)
            .executeTakeFirst()
        : undefined;
      // 404 rather than 403: the browser signs out on 403, and someone else's bookmark must look like none.
      if (!deleted || Number(deleted.numDeletedRows) === 0) {
        throw new ApiError(404, `Bookmark ${request.params.id} was not found among your bookmarks.`);
      }
      return { deleted: id };
    },
  );
}

function owner(request: FastifyRequest): BookmarkOwner {
  return { organisationId: callerOrganisation(request.caller), userId: request.caller.userId };
}
