import { describe, expect, it } from 'vitest';
import { pageSummary } from './page-summary.test-helper';
import { inTreeOrder, pageFamily } from './page-tree';

const page = pageSummary;

describe('pageFamily', () => {
  const pages = [
    page(1, 'dashboard'),
    page(2, 'dashboard/alpha', 1),
    page(3, null, 1),
    page(4, null, 3),
    page(5, null),
  ];

  it('groups a page with the pages under it, and a sub-page with its parent', () => {
    expect(pageFamily(pages, 1)).toEqual({ lead: pages[0], members: [pages[1], pages[2]] });
    expect(pageFamily(pages, 2)).toEqual({ lead: pages[0], members: [pages[1], pages[2]] });
    expect(pageFamily(pages, 3)).toEqual({ lead: pages[2], members: [pages[3]] });
    expect(pageFamily(pages, 4)).toEqual({ lead: pages[2], members: [pages[3]] });
  });

  it('leaves a page alone with none under it, and knows no unknown page', () => {
    expect(pageFamily(pages, 5)).toEqual({ lead: pages[4], members: [] });
    expect(pageFamily(pages, 99)).toBeUndefined();
  });
});

describe('inTreeOrder', () => {
  it('puts each page after the page it sits under, with its depth', () => {
    const pages = [page(3, null, 1), page(5, null), page(1, null), page(4, null, 3), page(2, null, 1)];
    expect(inTreeOrder(pages).map(({ page, depth }) => [page.id, depth])).toEqual([
      [5, 0],
      [1, 0],
      [3, 1],
      [4, 2],
      [2, 1],
    ]);
  });

  it('shows a page whose parent is not listed as one of its own', () => {
    expect(inTreeOrder([page(7, null, 99)]).map(({ page, depth }) => [page.id, depth])).toEqual([[7, 0]]);
  });
});
