import { Field, Input, NativeSelect } from '@chakra-ui/react';
import type { SiteTreeNode } from '../../src/generated/api-types';
import { addableTypes, type EntityDialogMode, type EntityTypeRules } from './entity-dialog-mode';
import type { EntityFormValues, EntityType } from './entity-form';
import { ParentPicker } from './parent-picker';
import type { SetEntityField } from './use-entity-form';

const TYPE_LABELS: Record<EntityType, string> = {
  site: 'Site',
  building: 'Building',
  floor: 'Floor',
  zone: 'Zone',
  room: 'Room',
  asset: 'Asset',
};

/** What the entity is and where it sits: type (fixed once made), name, parent when editing, tags. */
export function EntityIdentityFields({
  mode,
  types,
  tree,
  values,
  set,
}: {
  mode: EntityDialogMode;
  types: EntityTypeRules;
  tree: readonly SiteTreeNode[];
  values: EntityFormValues;
  set: SetEntityField;
}) {
  return (
    <>
      <Field.Root disabled={mode.kind === 'edit'}>
        <Field.Label>Type</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={values.type} onChange={set('type')}>
            {addableTypes(mode, types, values.type).map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input value={values.name} onChange={set('name')} maxLength={200} />
      </Field.Root>
      {mode.kind === 'edit' && values.type !== 'site' ? (
        <ParentPicker
          mode={mode}
          types={types}
          tree={tree}
          value={values.parentId}
          onChange={set('parentId')}
        />
      ) : null}
      <Field.Root>
        <Field.Label>Tags</Field.Label>
        <Input value={values.tags} onChange={set('tags')} placeholder="hvac, metered" />
        <Field.HelperText>Separate tags with commas.</Field.HelperText>
      </Field.Root>
    </>
  );
}
