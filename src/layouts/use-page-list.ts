import { type ApiData, useApiData } from '../api/use-api-data';
import { api } from '../generated/api-client';
import type { DashboardResponse } from '../generated/api-types';

/** The organisation's stored pages and the templates a new one may start from, loaded once per screen. */
export function usePageList(): ApiData<DashboardResponse> & { reload: () => void } {
  return useApiData(() => api.dashboard(), 'dashboard pages');
}
