import { Button, Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import type { SavedExplorer } from '../../src/generated/api-types';
import type { SavedViewsMode } from './use-saved-views';

/** The list to open a saved view from, and the actions on the view: save over the open one, save as, rename, delete. */
export function SavedViewsList({
  saved,
  open,
  loaded,
  saving,
  onOpen,
  onSaveOver,
  onStart,
}: {
  saved: SavedExplorer[];
  open: SavedExplorer | undefined;
  loaded: boolean;
  /** Saving over the open view is under way. */
  saving: boolean;
  onOpen: (saved: SavedExplorer) => void;
  onSaveOver: () => void;
  onStart: (mode: SavedViewsMode, initialName?: string) => void;
}) {
  const { t } = useTranslation('data-explorer');
  // Any role opens the organisation's saved views; each change to them is offered only to a role that may make it.
  const canAdd = useCan('addExplorer');
  const canUpdate = useCan('updateDataExplorer');
  const canDelete = useCan('deleteDataExplorer');
  return (
    <HStack gap="2" wrap="wrap" align="end">
      <Field.Root w="auto">
        <Field.Label fontSize="xs">{t('savedViews.label')}</Field.Label>
        <NativeSelect.Root size="xs" w="auto" minW="40" disabled={!loaded}>
          <NativeSelect.Field
            value={open ? String(open.id) : ''}
            onChange={(event) => {
              const chosen = saved.find((entry) => String(entry.id) === event.target.value);
              if (chosen) onOpen(chosen);
            }}
          >
            <option value="">{saved.length === 0 ? t('savedViews.none') : t('savedViews.open')}</option>
            {saved.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {open && canUpdate ? (
        <Button size="xs" variant="outline" loading={saving} onClick={onSaveOver}>
          {t('savedViews.save')}
        </Button>
      ) : null}
      {canAdd ? (
        <Button size="xs" variant="outline" onClick={() => onStart({ kind: 'save-as' })}>
          {t('savedViews.saveAs')}
        </Button>
      ) : null}
      {open && canUpdate ? (
        <Button size="xs" variant="ghost" onClick={() => onStart({ kind: 'rename' }, open.name)}>
          {t('savedViews.rename')}
        </Button>
      ) : null}
      {open && canDelete ? (
        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onStart({ kind: 'delete' })}>
          {t('savedViews.delete')}
        </Button>
      ) : null}
    </HStack>
  );
}
