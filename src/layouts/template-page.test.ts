import { describe, expect, it } from 'vitest';
import { pageSummary } from './page-summary.test-helper';
import { templatePageOf } from './template-page';

const page = pageSummary;

describe('templatePageOf', () => {
  it('finds the oldest own dashboard, and the sub-pages under it before others from the template', () => {
    const pages = [
      page(9, 'dashboard'),
      page(4, 'dashboard'),
      page(5, 'dashboard/alpha', 9),
      page(6, 'dashboard/alpha', 4),
      page(3, 'dashboard', 2),
      page(2, null),
    ];
    expect(templatePageOf(pages, 'dashboard')?.id).toBe(4);
    expect(templatePageOf(pages, 'dashboard/alpha')?.id).toBe(6);
  });

  it('falls back to any page from the template, and to nothing when none is kept', () => {
    const pages = [page(7, 'dashboard/beta', 2), page(8, 'dashboard/beta'), page(2, null)];
    expect(templatePageOf(pages, 'dashboard/beta')?.id).toBe(7);
    expect(templatePageOf(pages, 'dashboard')).toBeUndefined();
    expect(templatePageOf(pages, 'dashboard/gamma')).toBeUndefined();
  });
});
