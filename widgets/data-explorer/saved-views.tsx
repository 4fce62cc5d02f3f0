import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ExplorerView, SavedExplorer } from '../../src/generated/api-types';
import { DeleteViewConfirm } from './delete-view-confirm';
import { SaveViewForm } from './save-view-form';
import { SavedViewsList } from './saved-views-list';
import { useSavedViews } from './use-saved-views';

interface SavedViewsProps {
  view: ExplorerView;
  /** The saved view that is open, from the address. */
  savedId: number | null;
  onOpen: (saved: SavedExplorer) => void;
  /** A view was saved under a new name, or the open one deleted (null). */
  onSavedId: (id: number | null) => void;
}

/** The organisation's saved views: open one; save the view as a new one, save over, rename or delete the open one. */
export function SavedViews({ view, savedId, onOpen, onSavedId }: SavedViewsProps) {
  const { t } = useTranslation('data-explorer');
  const { state, saved, open, mode, name, setName, problem, busy, start, submitName, saveOver, remove } =
    useSavedViews({ view, savedId, onSavedId });
  const idle = () => start({ kind: 'idle' });

  return (
    // Busy until the list has come: a person (and the gallery's play) reads the section as loading, not empty.
    <Stack gap="2" as="section" aria-label={t('savedViews.label')} aria-busy={state.status === 'loading'}>
      <SavedViewsList
        saved={saved}
        open={open}
        loaded={state.status === 'loaded'}
        saving={busy && mode.kind === 'idle'}
        onOpen={onOpen}
        onSaveOver={saveOver}
        onStart={start}
      />
      {mode.kind === 'save-as' || mode.kind === 'rename' ? (
        <SaveViewForm
          renaming={mode.kind === 'rename'}
          name={name}
          busy={busy}
          onName={setName}
          onSubmit={submitName}
          onCancel={idle}
        />
      ) : null}
      {mode.kind === 'delete' && open ? (
        <DeleteViewConfirm open={open} busy={busy} onDelete={remove} onCancel={idle} />
      ) : null}
      {problem ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {problem}
        </Text>
      ) : null}
      {state.status === 'failed' ? (
        <HStack gap="2">
          <Text fontSize="sm" color="fg.error" role="alert">
            {t('savedViews.failed', { message: state.message })}
          </Text>
          <Button size="2xs" variant="outline" onClick={state.reload}>
            {t('tryAgain')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
