import { useMemo, useRef } from 'react';
import type { LayoutIssue } from '../validation/issue';

type IssuesByNode = Map<string, LayoutIssue[]>;

const NO_ISSUES: IssuesByNode = new Map();
const ROW_INDEX = /^\/rows\/(\d+)(?:\/|$)/;

/**
 * The issues of each row, each row's map the same object as last time while
 * its issues read the same: a memoised row whose document and issues did not
 * change is then passed by, so an edit redraws its own row, not the page.
 */
export function useIssuesPerRow(issuesByNode: IssuesByNode, rowCount: number): IssuesByNode[] {
  const last = useRef<{ signature: string; issues: IssuesByNode }[]>([]);
  return useMemo(() => {
    const grouped = Array.from({ length: rowCount }, () => [] as [string, LayoutIssue[]][]);
    for (const entry of issuesByNode) {
      const index = ROW_INDEX.exec(entry[0])?.[1];
      if (index !== undefined) grouped[Number(index)]?.push(entry);
    }
    const next = grouped.map((own, index) => {
      if (own.length === 0) return { signature: '', issues: NO_ISSUES };
      const signature = JSON.stringify(own);
      const known = last.current[index];
      return known?.signature === signature ? known : { signature, issues: new Map(own) };
    });
    last.current = next;
    return next.map(({ issues }) => issues);
  }, [issuesByNode, rowCount]);
}
