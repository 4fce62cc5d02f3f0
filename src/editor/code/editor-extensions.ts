import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Annotation, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  type ViewUpdate,
} from '@codemirror/view';
import { type EditorCommands, editorKeymap } from './editor-keymap';

/**
 * Marks a transaction the pane made to follow its props (text replaced from
 * outside, the cursor sent to the selected node): it is not reported back as
 * typing or as the person moving the cursor.
 */
export const followsProps = Annotation.define<boolean>();

/** Whether an update came from the person at the editor rather than from the pane following its props. */
export function isTyped(update: ViewUpdate): boolean {
  return !update.transactions.some((transaction) => transaction.annotation(followsProps));
}

/**
 * The editor's fixed features: JSON, line numbers, folding, bracket matching,
 * the lint gutter for the validator's issues, search (Ctrl+F), and the default keys, but not
 * CodeMirror's own history: undo and redo go to the editor's history
 * (editorKeymap). Tab indents; Escape then Tab leaves the editor, as
 * CodeMirror provides for keyboard users.
 */
export function editorExtensions(commands: () => EditorCommands, onUpdate: (update: ViewUpdate) => void) {
  const extensions: Extension[] = [
    editorKeymap(commands),
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    lintGutter(),
    highlightSpecialChars(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    // A quote or bracket typed comes with its closing one, so a key being typed is a string the completion can read.
    closeBrackets(),
    highlightSelectionMatches(),
    json(),
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...foldKeymap,
      ...lintKeymap,
      indentWithTab,
    ]),
    EditorView.updateListener.of(onUpdate),
  ];
  return extensions;
}
