import type { EntityType } from '../db/tables';
import { fieldError } from '../http/api-error';

/** The types of entity, outermost first. */
export const ENTITY_TYPES: readonly EntityType[] = ['site', 'building', 'floor', 'zone', 'room', 'asset'];

/** Which types each type may sit under. A site is the top of the tree; an asset may sit anywhere but in another asset. */
export const ALLOWED_PARENTS: Readonly<Record<EntityType, readonly EntityType[]>> = {
  site: [],
  building: ['site'],
  floor: ['building'],
  zone: ['building', 'floor'],
  room: ['floor', 'zone'],
  asset: ['site', 'building', 'floor', 'zone', 'room'],
};

/** "a building", "an asset": entity types as messages name them. */
export function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** "a building or a floor", for messages. */
function allowedParentsText(type: EntityType): string {
  const names = ALLOWED_PARENTS[type].map(withArticle);
  return names.length <= 2 ? names.join(' or ') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Whatever the parent would be, a site has none. */
export const siteHasNoParent = () =>
  fieldError(
    '/parentId',
    'A site is the top of the tree and cannot sit under another entity; leave parentId out.',
  );

/** Refuses a parent (or the lack of one) that the tree's rules do not allow for this type. */
export function checkParentType(type: EntityType, parentType: EntityType | null): void {
  if (type === 'site') {
    if (parentType !== null) throw siteHasNoParent();
    return;
  }
  if (parentType === null) {
    throw fieldError(
      '/parentId',
      `${capitalised(type)} must sit under ${allowedParentsText(type)}; give its parentId.`,
    );
  }
  if (!ALLOWED_PARENTS[type].includes(parentType)) {
    throw fieldError(
      '/parentId',
      `${capitalised(type)} cannot sit under ${withArticle(parentType)}; it must sit under ${allowedParentsText(type)}.`,
    );
  }
}

/** "A building", "An asset". */
export function capitalised(type: string): string {
  const phrase = withArticle(type);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
