import { useAtom, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AccountContext } from './account-context';
import { confirmAccount } from './confirm-sign-up';
import { type LoadAccountOptions, loadAccount, restoreSession } from './load-account';
import { logout } from './logout';
import { register } from './register';
import { forgotPassword, submitNewPassword } from './reset-password';
import { inviteTokenAtom, pendingSignUpAtom, sessionAtom } from './session-atoms';
import { login } from './sign-in';

/** The account flows of spec §4 (one file each), bound to the session atoms and the router. */
export function useAccountActions() {
  const navigate = useNavigate();
  const setSession = useSetAtom(sessionAtom);
  const [pending, setPending] = useAtom(pendingSignUpAtom);
  const [inviteToken, setInviteToken] = useAtom(inviteTokenAtom);

  return useMemo(() => {
    const context: AccountContext = {
      navigate,
      setSession,
      pending,
      setPending,
      inviteToken,
      setInviteToken,
    };
    return {
      loadAccount: (options: LoadAccountOptions) => loadAccount(context, options),
      restoreSession: () => restoreSession(context),
      login: (email: string, password: string, token?: string) => login(context, email, password, token),
      register: (name: string, email: string, password: string, token: string | undefined) =>
        register(context, name, email, password, token),
      confirm: (email: string, code: string) => confirmAccount(context, email, code),
      forgotPassword: (email: string) => forgotPassword(context, email),
      submitNewPassword: (email: string, code: string, password: string) =>
        submitNewPassword(context, email, code, password),
      logout: () => logout(context),
    };
  }, [navigate, setSession, pending, setPending, inviteToken, setInviteToken]);
}

export type AccountActions = ReturnType<typeof useAccountActions>;
