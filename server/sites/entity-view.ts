import type { Database } from '../db/database';
import { loadEntityInTree } from './places';
import { type EntityView, presentEntity } from './present';

/** The entity as the API shows it, counts included: what a change answers with. */
export async function entityView(
  db: Database,
  organisationId: number,
  entityId: number,
): Promise<EntityView> {
  const { row, tree } = await loadEntityInTree(db, organisationId, entityId);
  return presentEntity(row, tree);
}
