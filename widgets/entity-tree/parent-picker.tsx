import { Field, NativeSelect } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteTreeNode } from '../../src/generated/api-types';
import { flattenTree, subtreeIds } from '../shared/tree-nodes';
import type { EntityDialogMode, EntityTypeRules } from './entity-dialog-mode';

/** Where an entity may move: entities of a type that may hold it, outside its own subtree. */
export function ParentPicker({
  mode,
  types,
  tree,
  value,
  onChange,
}: {
  mode: Extract<EntityDialogMode, { kind: 'edit' }>;
  types: EntityTypeRules;
  tree: readonly SiteTreeNode[];
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation('entity-tree');
  const placed = flattenTree(tree);
  const self = placed.find(({ node }) => node.id === mode.entity.id)?.node;
  const excluded = self ? subtreeIds(self) : new Set<number>();
  const allowed = types.find((entry) => entry.type === mode.entity.type)?.parents ?? [];
  const options = placed.filter(({ node }) => allowed.includes(node.type) && !excluded.has(node.id));
  return (
    <Field.Root>
      <Field.Label>{t('fields.parent')}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={onChange}>
          {options.map(({ node, ancestors }) => (
            <option key={node.id} value={node.id}>
              {[...ancestors, node].map((step) => step.name).join(' › ')}
            </option>
          ))}
        </NativeSelect.Field>
      </NativeSelect.Root>
    </Field.Root>
  );
}
