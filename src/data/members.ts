import { api } from '../generated/api-client';
import { useScreenQuery } from './screen-query';

/** The screen read of the organisation's members and open invitations, as writes to them name it. */
export const MEMBERS_READ = 'users';

/** The organisation's members and the invitations still open: the users page, and whom a report can be mailed to. */
export function useMembers() {
  return useScreenQuery(MEMBERS_READ, () => api.getUsers());
}
