import { createContext, type ReactNode, useContext } from 'react';
import type { LayoutEdit } from './document/layout-edits';
import type { EditorAction } from './editor-state';

/** What the parts of the editor do to the one document: dispatch an action, or make a layout edit and say it. */
export interface EditorCommands {
  /**
   * The document as it is now. Read at the moment of an edit rather than passed down as a prop, so a change to
   * one card does not draw every other card again.
   */
  current(): unknown;
  dispatch(action: EditorAction): void;
  /** Applies a layout edit as one step, selects what it names and announces it to screen readers. */
  apply(edit: LayoutEdit | undefined): void;
}

const EditorCommandsContext = createContext<EditorCommands | undefined>(undefined);

export function EditorCommandsProvider({
  commands,
  children,
}: {
  commands: EditorCommands;
  children: ReactNode;
}) {
  return <EditorCommandsContext.Provider value={commands}>{children}</EditorCommandsContext.Provider>;
}

export function useEditorCommands(): EditorCommands {
  const commands = useContext(EditorCommandsContext);
  if (!commands)
    throw new Error('useEditorCommands: render inside <EditorCommandsProvider> (layout-editor.tsx)');
  return commands;
}
