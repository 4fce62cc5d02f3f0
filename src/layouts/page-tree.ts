import type { PageSummary } from '../generated/api-types';

/**
 * The pages shown together as tabs with this one: a page and the pages under
 * it. A page with pages under it leads its own group; any other page is
 * shown in its parent's.
 */
export function pageFamily(
  pages: readonly PageSummary[],
  pageId: number,
): { lead: PageSummary; members: PageSummary[] } | undefined {
  const page = pages.find((candidate) => candidate.id === pageId);
  if (!page) return undefined;
  const childrenOf = (id: number) => pages.filter((candidate) => candidate.parentId === id);
  const lead =
    childrenOf(page.id).length > 0 || page.parentId === null
      ? page
      : (pages.find((candidate) => candidate.id === page.parentId) ?? page);
  return { lead, members: childrenOf(lead.id) };
}

/**
 * The pages as a tree reads, each after the page it sits under with its
 * depth: pages of their own first, by title as the server lists them, each
 * followed by the pages under it.
 */
export function inTreeOrder(pages: readonly PageSummary[]): { page: PageSummary; depth: number }[] {
  const ids = new Set(pages.map((page) => page.id));
  const ordered: { page: PageSummary; depth: number }[] = [];
  const visit = (parentId: number | null, depth: number) => {
    for (const page of pages) {
      // A page whose parent is not in the list is shown as one of its own, not lost.
      const underThis =
        parentId === null ? page.parentId === null || !ids.has(page.parentId) : page.parentId === parentId;
      if (!underThis) continue;
      ordered.push({ page, depth });
      visit(page.id, depth + 1);
    }
  };
  visit(null, 0);
  return ordered;
}
