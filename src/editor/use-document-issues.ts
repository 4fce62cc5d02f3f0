import { useMemo, useRef } from 'react';
import { useDataValidators } from '../engine/render/use-data-validators';
import { checkLayout, readDocument } from '../engine/validation/check-layout';
import type { LayoutIssue } from '../engine/validation/issue';
import { widgetNamesIn } from '../engine/widget-names';
import { parseDocument } from './document/parse-document';
import { stillValidAfterDataEdit } from './document/widget-data-edit';

export interface DocumentIssues {
  /** Every problem, each at its JSON Pointer; the text's syntax error while code mode holds text that is not JSON. */
  issues: LayoutIssue[];
  /** Whether the check ran: the data validators of the document's widgets load first. */
  checked: boolean;
}

/**
 * Checks the document as the page renderer and the server do (parsed, migrated, validated). A document with
 * issues cannot be saved, and each issue shows at its node in both modes.
 *
 * An edit of one widget's props in a page that was valid checks that widget alone (stillValidAfterDataEdit):
 * typing in a prop's field on a large page does not validate every card on each keystroke.
 *
 * The issues are the same array as last time while they read the same, so an edit that leaves them as they were
 * does not draw again the memoised fields and lists that show them.
 */
export function useDocumentIssues(document: unknown, codeText: string | undefined): DocumentIssues {
  const names = useMemo(() => widgetNamesIn(document), [document]);
  const checkable = useDataValidators(names);
  const last = useRef<{ signature: string; issues: LayoutIssue[] }>({ signature: '[]', issues: [] });
  // The last document found valid as it stands (not text typed over it): an edit of one widget's props from
  // there checks that widget alone.
  const lastValid = useRef<unknown>(undefined);
  return useMemo(() => {
    const valid =
      codeText === undefined &&
      lastValid.current !== undefined &&
      stillValidAfterDataEdit(lastValid.current, document);
    const { issues, checked } = valid ? VALID : check(document, codeText, checkable);
    lastValid.current = checked && codeText === undefined && issues.length === 0 ? document : undefined;
    const signature = JSON.stringify(issues);
    if (signature !== last.current.signature) last.current = { signature, issues };
    return { issues: last.current.issues, checked };
  }, [document, codeText, checkable]);
}

const VALID: DocumentIssues = { issues: [], checked: true };

function check(document: unknown, codeText: string | undefined, checkable: boolean): DocumentIssues {
  if (codeText !== undefined) {
    const parsed = parseDocument(codeText);
    if (!parsed.ok) return { issues: parsed.issues, checked: true };
  }
  if (!checkable) return { issues: [], checked: false };
  return { issues: checkLayout(readDocument(document)).issues, checked: true };
}
