import type { LayoutIssue } from '../../engine/validation/issue';
import { isWithin } from '../document/json-pointer';

const NO_ISSUES = new Map<string, LayoutIssue[]>();

/**
 * The issues of each row, as a map that stays the same object while the row's issues stay the same, so a row
 * whose issues did not change is not drawn again when another row's do.
 */
export function issuesPerRow(
  issuesByNode: Map<string, LayoutIssue[]>,
  rowCount: number,
  previous: Map<string, Map<string, LayoutIssue[]>>,
): Map<string, LayoutIssue[]>[] {
  return Array.from({ length: rowCount }, (_, index) => {
    const rowPointer = `/rows/${index}`;
    const own = [...issuesByNode].filter(([pointer]) => isWithin(pointer, rowPointer));
    if (own.length === 0) return NO_ISSUES;
    const signature = JSON.stringify(own);
    const known = previous.get(signature);
    if (known) return known;
    const map = new Map(own);
    previous.set(signature, map);
    return map;
  });
}
