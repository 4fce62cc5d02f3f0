import { queryOptions } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import { DATA_KEY } from './query-client';

/**
 * The person's interface settings as the server keeps them for their
 * organisation (spec §3, §7): the text of a settings file, or null before
 * they save any. Read once while they are signed in (the cache goes when they
 * sign out): the settings in force change on this device and are saved from
 * it, so asking again would only undo what they changed since. A failure is
 * not retried; spec §8 has it logged, and the settings in force stay.
 */
export function savedSettingsQuery(organisationId: number) {
  return queryOptions({
    queryKey: [DATA_KEY, 'saved-settings', organisationId] as const,
    queryFn: async () => (await api.localStorage({ org_id: organisationId }))[0]?.uxConfig ?? null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
