import type { ExtractAtomValue } from 'jotai';
import type { NavigateFunction } from 'react-router-dom';
import type { inviteTokenAtom, pendingSignUpAtom, Session } from './session-atoms';

/** What every account flow works with: the router and the session atoms, as useAccountActions binds them. */
export interface AccountContext {
  navigate: NavigateFunction;
  setSession: (session: Session) => void;
  pending: ExtractAtomValue<typeof pendingSignUpAtom>;
  setPending: (pending: ExtractAtomValue<typeof pendingSignUpAtom>) => void;
  inviteToken: ExtractAtomValue<typeof inviteTokenAtom>;
  setInviteToken: (token: string | null) => void;
}
