import { Prec } from '@codemirror/state';
import { type EditorView, keymap } from '@codemirror/view';

/** What the editor's own keys do, read when pressed so the latest handlers run. */
export interface EditorCommands {
  undo(): void;
  redo(): void;
  /** Formats the document; false when it could not (the text does not parse). */
  format(view: EditorView): boolean;
}

/**
 * Undo, redo and format. The editor's one history lives outside CodeMirror
 * (it spans the visual and code modes), so these keys go to it, ahead of any
 * other binding of theirs.
 */
export function editorKeymap(commands: () => EditorCommands) {
  const undo = () => {
    commands().undo();
    return true;
  };
  const redo = () => {
    commands().redo();
    return true;
  };
  return Prec.highest(
    keymap.of([
      { key: 'Mod-z', run: undo, preventDefault: true },
      { key: 'Mod-Shift-z', run: redo, preventDefault: true },
      { key: 'Mod-y', run: redo, preventDefault: true },
      { key: 'Shift-Alt-f', run: (view) => commands().format(view), preventDefault: true },
    ]),
  );
}
