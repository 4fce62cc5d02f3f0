import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { LayoutIssue } from '../engine/validation/issue';

/** The document being edited, the node selected in it and the document's issues. */
export interface EditedDocument {
  document: unknown;
  selected: string | undefined;
  issues: readonly LayoutIssue[];
}

const EditedDocumentContext = createContext<EditedDocument | undefined>(undefined);

/**
 * Gives the edited document to the parts that show it. They read it where they draw it, so what stands around
 * them (the side panel's tabs) is not drawn again on every edit.
 */
export function EditedDocumentProvider({
  document,
  selected,
  issues,
  children,
}: EditedDocument & { children: ReactNode }) {
  const value = useMemo(() => ({ document, selected, issues }), [document, selected, issues]);
  return <EditedDocumentContext value={value}>{children}</EditedDocumentContext>;
}

export function useEditedDocument(): EditedDocument {
  const edited = useContext(EditedDocumentContext);
  if (!edited)
    throw new Error('useEditedDocument: render inside <EditedDocumentProvider> (layout-editor.tsx)');
  return edited;
}
