import { Field, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SiteTreeNode } from '../../src/generated/api-types';
import { addableTypes, type EntityDialogMode, type EntityTypeRules } from './entity-dialog-mode';
import type { EntityFormValues } from './entity-form';
import { ParentPicker } from './parent-picker';
import type { SetEntityField } from './use-entity-form';

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
  const { t } = useTranslation('entity-tree');
  return (
    <>
      <Field.Root disabled={mode.kind === 'edit'}>
        <Field.Label>{t('fields.type')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={values.type} onChange={set('type')}>
            {addableTypes(mode, types, values.type).map((type) => (
              <option key={type} value={type}>
                {t(`typeLabels.${type}`)}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          {t('fields.name')} <Field.RequiredIndicator />
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
        <Field.Label>{t('fields.tags')}</Field.Label>
        <Input value={values.tags} onChange={set('tags')} placeholder={t('fields.tagsPlaceholder')} />
        <Field.HelperText>{t('fields.tagsHelp')}</Field.HelperText>
      </Field.Root>
    </>
  );
}
