import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { api } from '../../src/api/endpoints';
import { useApiData } from '../../src/api/use-api-data';
import type { ExplorerView, SavedExplorer } from '../../src/generated/api-types';
import { cleanView } from './view';

type Mode = { kind: 'idle' } | { kind: 'save-as' } | { kind: 'rename' } | { kind: 'delete' };

async function loadSaved(): Promise<SavedExplorer[]> {
  const answer = await api.getDateExplorer();
  if (!answer || !Array.isArray(answer.explorers)) throw new Error('the server sent no saved views');
  return answer.explorers;
}

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
  const [version, setVersion] = useState(0);
  const state = useApiData(loadSaved, version);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
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

  const start = (next: Mode, initialName = '') => {
    setMode(next);
    setName(initialName);
    setProblem(undefined);
  };

  return (
    <Stack gap="2" as="section" aria-label="Saved views">
      <HStack gap="2" wrap="wrap" align="end">
        <Field.Root w="auto">
          <Field.Label fontSize="xs">Saved views</Field.Label>
          <NativeSelect.Root size="xs" w="auto" minW="40" disabled={state.status !== 'loaded'}>
            <NativeSelect.Field
              value={open ? String(open.id) : ''}
              onChange={(event) => {
                const chosen = saved.find((entry) => String(entry.id) === event.target.value);
                if (chosen) onOpen(chosen);
              }}
            >
              <option value="">{saved.length === 0 ? 'None saved yet' : 'Open a saved view…'}</option>
              {saved.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {open ? (
          <Button
            size="xs"
            variant="outline"
            loading={busy && mode.kind === 'idle'}
            onClick={() =>
              act(async () => {
                await api.updateDataExplorer({ id: open.id, view: cleanView(view) });
              })
            }
          >
            Save
          </Button>
        ) : null}
        <Button size="xs" variant="outline" onClick={() => start({ kind: 'save-as' })}>
          Save as…
        </Button>
        {open ? (
          <>
            <Button size="xs" variant="ghost" onClick={() => start({ kind: 'rename' }, open.name)}>
              Rename…
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => start({ kind: 'delete' })}>
              Delete…
            </Button>
          </>
        ) : null}
      </HStack>
      {mode.kind === 'save-as' || mode.kind === 'rename' ? (
        <HStack
          as="form"
          gap="2"
          onSubmit={submitName}
          aria-label={mode.kind === 'rename' ? 'Rename view' : 'Save view as'}
        >
          <Input
            size="xs"
            maxW="64"
            autoFocus
            maxLength={200}
            aria-label="Name of the view"
            placeholder="Name of the view"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <Button size="xs" type="submit" loading={busy} disabled={!name.trim()}>
            {mode.kind === 'rename' ? 'Rename' : 'Save'}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => start({ kind: 'idle' })}>
            Cancel
          </Button>
        </HStack>
      ) : null}
      {mode.kind === 'delete' && open ? (
        <HStack gap="2">
          <Text fontSize="sm">Delete “{open.name}” for everyone in your organisation?</Text>
          <Button
            size="xs"
            colorPalette="red"
            loading={busy}
            onClick={() =>
              act(async () => {
                await api.deleteDataExplorer(open.id);
                onSavedId(null);
              })
            }
          >
            Delete
          </Button>
          <Button size="xs" variant="ghost" onClick={() => start({ kind: 'idle' })}>
            Cancel
          </Button>
        </HStack>
      ) : null}
      {problem ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {problem}
        </Text>
      ) : null}
      {state.status === 'failed' ? (
        <HStack gap="2">
          <Text fontSize="sm" color="fg.error" role="alert">
            Saved views could not be loaded: {state.message}
          </Text>
          <Button size="2xs" variant="outline" onClick={state.reload}>
            Try again
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
