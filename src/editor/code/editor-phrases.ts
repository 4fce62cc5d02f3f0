import { EditorState } from '@codemirror/state';
import type { TFunction } from 'i18next';

/** CodeMirror's own words (titles, labels, announcements) of the features the pane uses, by their keys here. */
const PHRASE_KEYS = {
  'Fold line': 'phrases.foldLine',
  'Unfold line': 'phrases.unfoldLine',
  'Folded lines': 'phrases.foldedLines',
  'Unfolded lines': 'phrases.unfoldedLines',
  to: 'phrases.to',
  'folded code': 'phrases.foldedCode',
  unfold: 'phrases.unfold',
  Completions: 'phrases.completions',
  Diagnostics: 'phrases.diagnostics',
  'No diagnostics': 'phrases.noDiagnostics',
  close: 'phrases.close',
  'Control character': 'phrases.controlCharacter',
  'Selection deleted': 'phrases.selectionDeleted',
} as const;

/**
 * CodeMirror's words in the reader's language: the fold gutter's titles, the
 * completion list's and the lint panel's labels, what screen readers hear
 * when lines fold or a selection is deleted.
 */
export function editorPhrases(t: TFunction<'editor-code'>) {
  return EditorState.phrases.of(
    Object.fromEntries(Object.entries(PHRASE_KEYS).map(([phrase, key]) => [phrase, t(key)])),
  );
}
