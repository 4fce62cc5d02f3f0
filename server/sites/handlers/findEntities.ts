import { defineHandler } from '../../http/define-handler';
import { loadPlaces, type PlaceRow } from '../places';
import { presentEntity, presentPath } from '../present';

/** Places by part of their name or a whole tag, and type, each with the path down to it. */
export default defineHandler('findEntities', async ({ context, organisationId, input }) => {
  const tree = await loadPlaces(context.db, organisationId);
  const search = input.search?.toLocaleLowerCase();
  const matches = [...tree.byId.values()].filter(
    (row) =>
      (input.type === undefined || row.type === input.type) &&
      (search === undefined || matchesSearch(row, search)),
  );
  return {
    total: matches.length,
    entities: matches.slice(0, input.limit ?? 50).map((row) => ({
      entity: presentEntity(row, tree),
      path: presentPath(row, tree),
    })),
  };
});

function matchesSearch(row: PlaceRow, search: string): boolean {
  return (
    row.name.toLocaleLowerCase().includes(search) ||
    row.tags.some((tag) => tag.toLocaleLowerCase() === search)
  );
}
