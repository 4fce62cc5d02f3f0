import { useAtomValue } from 'jotai';
import type { Role } from '../generated/api-types';
import { sessionAtom } from '../session/session-atoms';

/** The signed-in member's role; viewer, who may do least, while nobody is signed in. */
export function useMyRole(): Role {
  const session = useAtomValue(sessionAtom);
  return session.status === 'authorised' ? session.user.role : 'viewer';
}
