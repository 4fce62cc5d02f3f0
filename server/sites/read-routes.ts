import type { FastifyInstance } from 'fastify';
import type { SiteRequest, SiteTreeNode } from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { endpointSchema } from '../http/api-schema';
import { callerOrganisation } from '../organisations/membership';
import { ALLOWED_PARENTS, ENTITY_TYPES } from './entity-types';
import { loadEntityInTree, loadPlaces, type PlaceRow } from './places';
import { portfolioSummary, tagCounts } from './portfolio';
import { presentEntity } from './present';
import type { PlaceTree } from './tree';

/** Reading the organisation's tree: sites, one entity, the whole tree, types, tags and the portfolio summary. */
export async function siteReadRoutes(app: FastifyInstance, { db }: ApiContext): Promise<void> {
  app.post('/sites', { schema: endpointSchema('sites') }, async (request) => {
    const tree = await loadPlaces(db, callerOrganisation(request.caller));
    const sites = tree.roots().filter((row) => row.type === 'site');
    return {
      sites: sites.map((site) => ({
        entity: presentEntity(site, tree),
        entityCount: tree.subtreeIds(site.id).length - 1,
      })),
    };
  });

  app.post<{ Body: SiteRequest }>('/site', { schema: endpointSchema('site') }, async (request) => {
    const { row, tree } = await loadEntityInTree(
      db,
      callerOrganisation(request.caller),
      request.body.entityId,
    );
    return {
      entity: presentEntity(row, tree),
      path: tree.ancestors(row.id).map(({ id, type, name }) => ({ id, type, name })),
      children: tree.children(row.id).map((child) => presentEntity(child, tree)),
      ownDataPointCount: row.own_points,
    };
  });

  app.post('/siteTree', { schema: endpointSchema('siteTree') }, async (request) => {
    const tree = await loadPlaces(db, callerOrganisation(request.caller));
    return { sites: tree.roots().map((root) => treeNode(root, tree)) };
  });

  app.post('/entityTypes', { schema: endpointSchema('entityTypes') }, async (request) => {
    callerOrganisation(request.caller);
    return { types: ENTITY_TYPES.map((type) => ({ type, parents: [...ALLOWED_PARENTS[type]] })) };
  });

  app.post('/tags', { schema: endpointSchema('tags') }, async (request) => {
    const tree = await loadPlaces(db, callerOrganisation(request.caller));
    return { tags: tagCounts(tree.byId.values()) };
  });

  app.post('/project', { schema: endpointSchema('project') }, async (request) => {
    return portfolioSummary(await loadPlaces(db, callerOrganisation(request.caller)));
  });
}

function treeNode(row: PlaceRow, tree: PlaceTree<PlaceRow>): SiteTreeNode {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    tags: row.tags,
    dataPointCount: tree.dataPointTotal(row.id),
    children: tree.children(row.id).map((child) => treeNode(child, tree)),
  };
}
