import {
  confirmResetPassword,
  confirmSignUp,
  getCurrentUser,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { useAtom, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/endpoints';
import { i18next } from '../i18n/i18n';
import { notify } from '../ui/toaster';
import { configureAmplify, SIGN_IN_OPTIONS } from './amplify-setup';
import { readAccount, readSubscription } from './read-account';
import { inviteTokenAtom, pendingSignUpAtom, sessionAtom } from './session-atoms';

/** The spec's words (§4, §8), by their keys in the language files; en-US has them word for word. */
const MESSAGES = {
  loginFailed: 'messages.loginFailed',
  registerFailed: 'messages.registerFailed',
  checkEmail: 'messages.checkEmail',
  verified: 'messages.verified',
  confirmFailed: 'messages.confirmFailed',
  passwordSaved: 'messages.passwordSaved',
  joined: 'messages.joined',
  resetCodeSent: 'auth.forgot.sent',
} as const;

/** A message in the user's language. */
const say = (key: (typeof MESSAGES)[keyof typeof MESSAGES]) => i18next.t(key);

const providerMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The account flows of spec §4, bound to the session atoms and the router. */
export function useAccountActions() {
  const navigate = useNavigate();
  const setSession = useSetAtom(sessionAtom);
  const [pending, setPending] = useAtom(pendingSignUpAtom);
  const [inviteToken, setInviteToken] = useAtom(inviteTokenAtom);

  return useMemo(() => {
    /** Load account (§4): invitation, then organisation, then subscription, each deciding where to go. */
    async function loadAccount({
      redirect,
      refresh = false,
    }: {
      redirect: boolean;
      refresh?: boolean;
    }): Promise<void> {
      let user = await readAccount({ refresh });
      if (!user) {
        setSession({ status: 'unauthorised' });
        return;
      }
      if (inviteToken) {
        try {
          const joined = await api.acceptUserInvite({ inviteToken, userId: user.id, username: user.email });
          setInviteToken(null);
          user = (await readAccount({ refresh: true })) ?? user;
          setSession({ status: 'authorised', user });
          notify.success(say(MESSAGES.joined));
          navigate(`/users/${joined.organisation_id}`);
          return;
        } catch (error) {
          setInviteToken(null);
          notify.warning(providerMessage(error));
        }
      }
      if (user.organisationId === null) {
        setSession({ status: 'authorised', user });
        navigate('/organisation');
        return;
      }
      const subscription = await readSubscription(user.organisationId);
      setSession({ status: 'authorised', user: { ...user, subscription: subscription ?? null } });
      if (subscription?.status !== 'active') navigate('/billing');
      else if (redirect) navigate('/');
    }

    async function startSession(email: string, password: string): Promise<void> {
      // A stale session in this tab would make Amplify refuse the new sign-in.
      await signOut().catch(() => undefined);
      await signIn({ username: email, password, options: SIGN_IN_OPTIONS });
      await loadAccount({ redirect: true });
    }

    return {
      loadAccount,

      /** On start: configure the pool, then restore a session if the browser has one. */
      async restoreSession(): Promise<void> {
        try {
          await configureAmplify();
          await getCurrentUser();
        } catch {
          setSession({ status: 'unauthorised' });
          return;
        }
        await loadAccount({ redirect: false });
      },

      /** With an invitation token (/auth/login/:token), the invitation is accepted once signed in. */
      async login(email: string, password: string, token?: string): Promise<boolean> {
        if (token) setInviteToken(token);
        try {
          await configureAmplify();
          await startSession(email, password);
          return true;
        } catch (error) {
          notify.warning(say(MESSAGES.loginFailed), providerMessage(error));
          return false;
        }
      },

      async register(
        name: string,
        email: string,
        password: string,
        token: string | undefined,
      ): Promise<boolean> {
        try {
          await configureAmplify();
          await signUp({ username: email, password, options: { userAttributes: { email, name } } });
          setPending({ email, password });
          if (token) setInviteToken(token);
          notify.success(say(MESSAGES.checkEmail));
          navigate(token ? `/auth/confirm/${token}` : '/auth/confirm', { state: { email } });
          return true;
        } catch (error) {
          notify.warning(say(MESSAGES.registerFailed), providerMessage(error));
          return false;
        }
      },

      async confirm(email: string, code: string): Promise<boolean> {
        try {
          await configureAmplify();
          await confirmSignUp({ username: email, confirmationCode: code });
          notify.success(say(MESSAGES.verified));
          if (pending && pending.email === email) {
            setPending(null);
            await startSession(pending.email, pending.password);
          } else {
            navigate('/auth/login');
          }
          return true;
        } catch (error) {
          notify.warning(say(MESSAGES.confirmFailed), providerMessage(error));
          return false;
        }
      },

      async forgotPassword(email: string): Promise<boolean> {
        try {
          await configureAmplify();
          await resetPassword({ username: email });
          notify.success(say(MESSAGES.resetCodeSent));
          navigate('/auth/forgot-passwordSubmit', { state: { email } });
          return true;
        } catch (error) {
          notify.warning(providerMessage(error));
          return false;
        }
      },

      async submitNewPassword(email: string, code: string, password: string): Promise<boolean> {
        try {
          await configureAmplify();
          await confirmResetPassword({ username: email, confirmationCode: code, newPassword: password });
          await startSession(email, password);
          notify.success(say(MESSAGES.passwordSaved));
          return true;
        } catch (error) {
          notify.warning(providerMessage(error));
          return false;
        }
      },

      /** Logout (§4): global sign-out, then an empty, unauthorised session. */
      async logout(): Promise<void> {
        await signOut({ global: true }).catch((error) => console.error('Sign-out failed', error));
        setSession({ status: 'unauthorised' });
        navigate('/auth/login');
      },
    };
  }, [navigate, setSession, pending, setPending, inviteToken, setInviteToken]);
}

export type AccountActions = ReturnType<typeof useAccountActions>;
