import type { Patch } from './document/apply-patch';
import {
  applyEdit,
  type EditHistory,
  type EditSource,
  record,
  redo,
  startHistory,
  undo,
} from './document/edit-history';
import { PatchError } from './document/json-pointer';
import { parseDocument } from './document/parse-document';
import { reuseUnchanged } from './document/reuse-unchanged';

/** Everything the editor holds: one document with one history, the selected node, and text typed in code mode. */
export interface EditorState {
  history: EditHistory;
  /** The selected layout node (a row, column, card or widget), kept across both modes. */
  selected: string | undefined;
  /**
   * The text in code mode as typed, while it differs from the document written out: it keeps the person's own
   * spacing, and while it is not JSON the document stays at the last text that was.
   */
  codeText: string | undefined;
}

export type EditorAction =
  | { type: 'edit'; patch: Patch; source: EditSource; select?: string; field?: string }
  | { type: 'type'; text: string; at: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; pointer: string | undefined }
  /** Starts over from a document: another's revision taken, a draft discarded, a revision restored. */
  | { type: 'replace'; document: unknown; keepHistory: boolean };

export function initialEditorState(document: unknown): EditorState {
  return { history: startHistory(document), selected: undefined, codeText: undefined };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'edit':
      try {
        const history = applyEdit(state.history, action.patch, action.source, Date.now(), action.field);
        return { history, selected: action.select ?? state.selected, codeText: undefined };
      } catch (error) {
        // An edit made for a node that an earlier edit in the same tick moved away does nothing.
        if (error instanceof PatchError) return state;
        throw error;
      }
    case 'type': {
      const parsed = parseDocument(action.text);
      if (!parsed.ok) return { ...state, codeText: action.text };
      return {
        ...state,
        // Parsed anew each keystroke; what did not change stays the same object (see reuseUnchanged).
        history: record(
          state.history,
          reuseUnchanged(state.history.document, parsed.document),
          'code',
          action.at,
        ),
        codeText: action.text,
      };
    }
    case 'undo':
      // Text typed that is not JSON yet is the last thing done: undo drops it before it touches the history.
      if (state.codeText !== undefined && !parseDocument(state.codeText).ok)
        return { ...state, codeText: undefined };
      return { ...state, history: undo(state.history), codeText: undefined };
    case 'redo':
      return { ...state, history: redo(state.history), codeText: undefined };
    case 'select':
      return state.selected === action.pointer ? state : { ...state, selected: action.pointer };
    case 'replace': {
      const history = action.keepHistory
        ? record(state.history, action.document, 'restore')
        : startHistory(action.document);
      return { ...state, history, codeText: undefined };
    }
  }
}

/** The document as code mode shows it when nothing has been typed: two-space JSON, as the files in layouts/. */
export function documentText(document: unknown): string {
  return JSON.stringify(document, null, 2);
}
