import { i18next } from '../i18n/i18n';

/**
 * Signing in, registering, confirming and resetting a password are one flow
 * for their messages: each replaces the one before, so a failure does not
 * stay beside the success that followed it.
 */
export const ACCOUNT_FLOW = { flow: 'account' } as const;

/** The spec's words (§4, §8), by their keys in the language files; en-US has them word for word. */
export const MESSAGES = {
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
export const say = (key: (typeof MESSAGES)[keyof typeof MESSAGES]) => i18next.t(key);

/** The user pool's or the API's own words for a failure. */
export const providerMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
