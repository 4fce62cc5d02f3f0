import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import { reportsChanged } from './reports';
import { screenQueryKey, useScreenQuery } from './screen-query';

/** The organisation's holidays, its working calendar: the holiday list and the new-report form read them. */
const HOLIDAYS_READ = 'holidays';

export function useHolidays() {
  return useScreenQuery(HOLIDAYS_READ, () => api.holidays({}));
}

/**
 * Saves the holidays as they are to be. Scheduled reports' next runs move
 * with them on the server, so the reports are asked again as well.
 */
export function useSaveHolidays() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.holidaysUpdate,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: screenQueryKey(HOLIDAYS_READ) }),
        reportsChanged(client),
      ]),
  });
}
