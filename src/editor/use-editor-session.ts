import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { readDocument } from '../engine/validation/check-layout';
import { canRedo, canUndo } from './document/edit-history';
import type { LayoutEdit } from './document/layout-edits';
import { enclosing } from './document/layout-nodes';
import type { EditorCommands } from './editor-context';
import { editorReducer, initialEditorState } from './editor-state';

/** A page as saved: its document and revision (null for the playground's scratch page). */
export interface SavedPage {
  document: unknown;
  revision: number | null;
}

/** A document as the editor starts from it: migrated to the current schemaVersion, as the renderer reads it. */
export function migrated(document: unknown): unknown {
  const read = readDocument(document);
  return 'unreadable' in read ? document : read.document;
}

/**
 * The editor's document, history and selection, and the commands its parts use. Edits that move a card keep
 * the keyboard on the card, wherever it went, and say where it went to screen readers.
 */
export function useEditorSession(start: unknown, announce: (text: string) => void) {
  const { t } = useTranslation('editor');
  const [state, dispatch] = useReducer(editorReducer, start, initialEditorState);
  const latest = useRef(state);
  latest.current = state;
  /** The card whose button takes the keyboard once the edit that moved it is drawn. */
  const focusAfterCommit = useRef<string | undefined>(undefined);
  // After every commit, not on the next animation frame: on a busy machine React may draw the edit after that
  // frame, and the keyboard stayed on the card's old button, gone from the page, so the next arrow did nothing.
  useEffect(() => {
    const cardPointer = focusAfterCommit.current;
    if (!cardPointer) return;
    focusAfterCommit.current = undefined;
    window.document.querySelector<HTMLElement>(`[data-card-select="${CSS.escape(cardPointer)}"]`)?.focus();
  });

  const apply = useCallback(
    (edit: LayoutEdit | undefined) => {
      if (!edit) {
        announce(t('announce.cannotMove'));
        return;
      }
      const hadCardFocus = window.document.activeElement?.hasAttribute('data-card-select') ?? false;
      if (edit.patch.length > 0)
        dispatch({ type: 'edit', patch: edit.patch, source: 'visual', select: edit.select });
      else dispatch({ type: 'select', pointer: edit.select });
      if (edit.announce) announce(t(edit.announce.key, edit.announce.values));
      if (hadCardFocus && edit.patch.length > 0) focusAfterCommit.current = enclosing(edit.select, 'card');
    },
    [announce, t],
  );

  const commands = useMemo<EditorCommands>(
    () => ({ current: () => latest.current.history.document, dispatch, apply }),
    [apply],
  );
  const document = state.history.document;

  return {
    state,
    dispatch,
    commands,
    document,
    canUndo: canUndo(state.history),
    canRedo: canRedo(state.history),
  };
}
