import { defineHandler } from '../../http/define-handler';
import { loadPlaces } from '../places';
import { presentEntity } from '../present';

/** The organisation's sites, each with how many entities are under it. */
export default defineHandler('sites', async ({ context, organisationId }) => {
  const tree = await loadPlaces(context.db, organisationId);
  const sites = tree.roots().filter((row) => row.type === 'site');
  return {
    sites: sites.map((site) => ({
      entity: presentEntity(site, tree),
      entityCount: tree.subtreeIds(site.id).length - 1,
    })),
  };
});
