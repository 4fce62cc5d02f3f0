/** One problem in a layout document: where it is (a JSON Pointer) and what is wrong. */
export interface LayoutIssue {
  pointer: string;
  message: string;
}

/** "/rows/0/span: must be one of 3, 4, 6, 8, 9, 12"; the document root shows as "/". */
export function formatIssue(issue: LayoutIssue): string {
  return `${issue.pointer || '/'}: ${issue.message}`;
}

/** Appends a property name or array index to a JSON Pointer, escaping as RFC 6901 says. */
export function childPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}
