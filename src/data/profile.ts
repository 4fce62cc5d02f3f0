import { api } from '../generated/api-client';
import { useScreenQuery } from './screen-query';

/** The screen read of a person's profile, which a saved profile asks again (useScreenMutation). */
export const PROFILE_READ = 'profile';

/**
 * A person's profile (full name, phone number, photo, time zone), as the
 * profile menu and the profile dialog show it; null before they save one.
 */
export function useProfile(userId: string) {
  return useScreenQuery(
    PROFILE_READ,
    async () => (await api.getProfile({ user_id: userId }))[0] ?? null,
    userId,
  );
}
