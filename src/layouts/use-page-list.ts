import { useScreenQuery } from '../data/screen-query';
import { PAGE_LIST_READ } from '../data/stored-pages';
import { api } from '../generated/api-client';
import type { DashboardResponse } from '../generated/api-types';
import { type DataStateInput, fromQuery } from '../ui/data-state';

/** The organisation's stored pages and the templates a new one may start from. */
export function usePageList(): DataStateInput<DashboardResponse> {
  return fromQuery(useScreenQuery(PAGE_LIST_READ, () => api.dashboard()));
}
