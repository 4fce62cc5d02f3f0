import type { TFunction } from 'i18next';
import type { EntityTypesResponse, SiteTreeNode } from '../../src/generated/api-types';
import type { EntityType, EntityView } from './entity-form';

/** What the dialog is for: a new entity under a parent (none for a site), or changing one. */
export type EntityDialogMode =
  | { kind: 'add'; parent: SiteTreeNode | null }
  | { kind: 'edit'; entity: EntityView };

/** The tree's rules: each entity type and the types it may sit under. */
export type EntityTypeRules = EntityTypesResponse['types'];

/** The types that may sit under a parent of this type; only a site at the top. */
export function typesUnder(types: EntityTypeRules, parentType: EntityType | null): EntityType[] {
  return types
    .filter((entry) =>
      parentType === null ? entry.parents.length === 0 : entry.parents.includes(parentType),
    )
    .map((entry) => entry.type);
}

/** The types the dialog offers: those allowed under the parent when adding, the entity's own when editing. */
export function addableTypes(
  mode: EntityDialogMode,
  types: EntityTypeRules,
  current: EntityType,
): EntityType[] {
  return mode.kind === 'add' ? typesUnder(types, mode.parent?.type ?? null) : [current];
}

/** "Add to Head office", "Add a site" or "Edit Plant room"; `t` reads the entity-tree strings. */
export function dialogTitle(mode: EntityDialogMode, t: TFunction): string {
  if (mode.kind === 'edit') return t('dialog.edit', { name: mode.entity.name });
  return mode.parent ? t('dialog.addTo', { name: mode.parent.name }) : t('dialog.addSite');
}
