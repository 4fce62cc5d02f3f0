import type { PageSummary } from '../generated/api-types';

/** The template the organisation's own dashboard (/dashboard) starts from; the others sit under it. */
export const HOME_TEMPLATE = 'dashboard';

/**
 * The organisation's stored page that stands at a template's address
 * (/dashboard for "dashboard", /dashboard/alpha for "dashboard/alpha"): the
 * oldest page of its own from the dashboard template, and for the others the
 * oldest from that template under it, else the oldest from that template
 * anywhere. Undefined when the organisation keeps none (it deleted it).
 */
export function templatePageOf(pages: readonly PageSummary[], template: string): PageSummary | undefined {
  const oldestFirst = pages.filter((page) => page.template === template).sort((a, b) => a.id - b.id);
  if (template === HOME_TEMPLATE) return oldestFirst.find((page) => page.parentId === null);
  const home = templatePageOf(pages, HOME_TEMPLATE);
  return oldestFirst.find((page) => home !== undefined && page.parentId === home.id) ?? oldestFirst[0];
}
