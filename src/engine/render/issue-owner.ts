import type { LayoutIssue } from '../validation/issue';

/** The pointer of the page, row, column, card or widget that a pointer lies in. */
const NODE = /^\/rows\/\d+(?:\/columns\/\d+(?:\/cards\/\d+(?:\/widgets\/\d+)?)?)?/;

/**
 * Which rendered node an issue belongs to: an issue inside a widget's data
 * belongs to the widget, a bad span to its column, an unknown top-level field
 * to the page. That node shows an error card in its place; the rest renders.
 */
export function ownerOf(pointer: string): string {
  return NODE.exec(pointer)?.[0] ?? '';
}

export function groupByOwner(issues: LayoutIssue[]): Map<string, LayoutIssue[]> {
  const groups = new Map<string, LayoutIssue[]>();
  for (const issue of issues) {
    const owner = ownerOf(issue.pointer);
    groups.set(owner, [...(groups.get(owner) ?? []), issue]);
  }
  return groups;
}
