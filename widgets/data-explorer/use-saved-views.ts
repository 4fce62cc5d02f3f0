import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenQuery } from '../../src/data/screen-query';
import { api } from '../../src/generated/api-client';
import type { ExplorerView, SavedExplorer } from '../../src/generated/api-types';
import { fromQuery } from '../../src/ui/data-state';
import { cleanView } from './view';

/** Which form is open under the list: none, a name for save-as or rename, or the delete question. */
export type SavedViewsMode = { kind: 'idle' } | { kind: 'save-as' } | { kind: 'rename' } | { kind: 'delete' };

async function loadSaved(t: TFunction): Promise<SavedExplorer[]> {
  const answer = await api.getDateExplorer();
  if (!answer || !Array.isArray(answer.explorers)) throw new Error(t('savedViews.noSavedError'));
  return answer.explorers;
}

/** The saved views and what can be done with them; every change reloads the list. */
export function useSavedViews({
  view,
  savedId,
  onSavedId,
}: {
  view: ExplorerView;
  savedId: number | null;
  onSavedId: (id: number | null) => void;
}) {
  const { t } = useTranslation('data-explorer');
  const [version, setVersion] = useState(0);
  const state = fromQuery(useScreenQuery('saved-views', () => loadSaved(t), version));
  const [mode, setMode] = useState<SavedViewsMode>({ kind: 'idle' });
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const saved = state.status === 'loaded' ? state.data : [];
  const open = saved.find((entry) => entry.id === savedId);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
      setMode({ kind: 'idle' });
      setVersion((value) => value + 1);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    if (mode.kind === 'rename' && open) {
      act(async () => {
        await api.updateDataExplorer({ id: open.id, name: trimmed });
      });
    } else {
      act(async () => {
        const { explorer } = await api.addExplorer({ name: trimmed, view: cleanView(view) });
        onSavedId(explorer.id);
      });
    }
  };

  /** Saves the view over the open saved view; only offered while one is open. */
  const saveOver = async () => {
    if (!open) return;
    await act(async () => {
      await api.updateDataExplorer({ id: open.id, view: cleanView(view) });
    });
  };

  /** Deletes the open saved view; only offered while one is open. */
  const remove = async () => {
    if (!open) return;
    await act(async () => {
      await api.deleteDataExplorer({ id: open.id });
      onSavedId(null);
    });
  };

  const start = (next: SavedViewsMode, initialName = '') => {
    setMode(next);
    setName(initialName);
    setProblem(undefined);
  };

  return { state, saved, open, mode, name, setName, problem, busy, start, submitName, saveOver, remove };
}
