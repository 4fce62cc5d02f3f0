import { useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import { screenQueryKey } from './screen-query';

/** How often the list is asked again while a kept model waits for its first fit (the job runs at once). */
const WAITING_POLL_MS = 2_000;

/** The name kept models' writes invalidate (useScreenMutation). */
export const KEPT_MODELS = 'forecast-models';

/**
 * The organisation's kept forecast models, asked again every two seconds
 * while one waits for its fit, so "Waiting" turns into its figures unasked.
 */
export function useKeptModels() {
  return useQuery({
    queryKey: [...screenQueryKey(KEPT_MODELS), null],
    queryFn: () => api.forecastModels(),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.models.some((model) => model.status === 'waiting') ? WAITING_POLL_MS : false,
  });
}
