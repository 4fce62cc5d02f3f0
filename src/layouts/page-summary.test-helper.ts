import type { PageSummary } from '../generated/api-types';

/** A page summary for tests: its id, template and parent; the rest fixed. */
export const pageSummary = (
  id: number,
  template: string | null,
  parentId: number | null = null,
): PageSummary => ({
  id,
  title: `Page ${id}`,
  template,
  parentId,
  revision: 1,
  updatedAt: '2026-11-27T07:00:00.000Z',
  updatedBy: 'Olivia Owner',
  preset: false,
});
