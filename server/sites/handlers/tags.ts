import { defineHandler } from '../../http/define-handler';
import { loadPlaces } from '../places';
import { tagCounts } from '../portfolio';

/** Every tag used on the organisation's places, with how often. */
export default defineHandler('tags', async ({ context, organisationId }) => {
  const tree = await loadPlaces(context.db, organisationId);
  return { tags: tagCounts(tree.byId.values()) };
});
