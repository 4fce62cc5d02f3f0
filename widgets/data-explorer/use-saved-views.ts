import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExplorerView } from '../../src/generated/api-types';
import { fromQuery } from '../../src/ui/data-state';
import { useSavedViewList, useSavedViewWrites } from './data';
import { cleanView } from './view';

/** Which form is open under the list: none, a name for save-as or rename, or the delete question. */
export type SavedViewsMode = { kind: 'idle' } | { kind: 'save-as' } | { kind: 'rename' } | { kind: 'delete' };

/** The saved views and what can be done with them; every change asks the list again. */
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
  const state = fromQuery(useSavedViewList(t));
  const writes = useSavedViewWrites();
  const [mode, setMode] = useState<SavedViewsMode>({ kind: 'idle' });
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const busy = writes.add.isPending || writes.update.isPending || writes.remove.isPending;
  const saved = state.status === 'loaded' ? state.data : [];
  const open = saved.find((entry) => entry.id === savedId);

  // Each change closes its form once the list has been asked again, or says why the server refused it.
  const done = () => setMode({ kind: 'idle' });
  const refused = (error: Error) => setProblem(error.message);

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setProblem(undefined);
    if (mode.kind === 'rename' && open) {
      writes.update.mutate({ id: open.id, name: trimmed }, { onSuccess: done, onError: refused });
    } else {
      writes.add.mutate(
        { name: trimmed, view: cleanView(view) },
        {
          onSuccess: ({ explorer }) => {
            onSavedId(explorer.id);
            done();
          },
          onError: refused,
        },
      );
    }
  };

  /** Saves the view over the open saved view; only offered while one is open. */
  const saveOver = () => {
    if (!open) return;
    setProblem(undefined);
    writes.update.mutate({ id: open.id, view: cleanView(view) }, { onSuccess: done, onError: refused });
  };

  /** Deletes the open saved view; only offered while one is open. */
  const remove = () => {
    if (!open) return;
    setProblem(undefined);
    writes.remove.mutate(
      { id: open.id },
      {
        onSuccess: () => {
          onSavedId(null);
          done();
        },
        onError: refused,
      },
    );
  };

  const start = (next: SavedViewsMode, initialName = '') => {
    setMode(next);
    setName(initialName);
    setProblem(undefined);
  };

  return { state, saved, open, mode, name, setName, problem, busy, start, submitName, saveOver, remove };
}
