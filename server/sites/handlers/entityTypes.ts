import { defineHandler } from '../../http/define-handler';
import { ALLOWED_PARENTS, ENTITY_TYPES } from '../entity-types';

/** The kinds of place and which kinds each may sit under. */
export default defineHandler('entityTypes', async () => ({
  types: ENTITY_TYPES.map((type) => ({ type, parents: [...ALLOWED_PARENTS[type]] })),
}));
