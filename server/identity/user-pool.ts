import type { Database } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { CognitoError, requireString } from './cognito-error';
import type { PoolSettings } from './pool-settings';
import { createRateLimiter } from './rate-limiter';
import { currentSigningKey, type SigningKey } from './signing-keys';

/** What every operation of the embedded user pool works with. */
export interface UserPool {
  db: Database;
  settings: PoolSettings;
  mailer: Mailer;
  signingKey(): Promise<SigningKey>;
  /** Refuses an attempt once a user or client address has failed too often (passwords, e-mailed codes). */
  limitGuesses(username: string, clientAddress: string): Promise<void>;
  /** Counts a failed attempt against the user and the client address. */
  recordFailedGuess(username: string, clientAddress: string): Promise<void>;
  /**
   * Refuses a code by mail past the client address's share, and counts it
   * against the address; false when the recipient has had their share of
   * mail this hour (server/mail/mail-limits.ts), which the caller answers.
   */
  limitCodeMail(recipient: string, clientAddress: string): Promise<boolean>;
  /** Refuses a sign-in attempt past the client address's share, right or wrong; counts it. */
  limitSignIn(clientAddress: string): Promise<void>;
  /** Tells the API that a user's sessions ended, so no cached caller outlives them. */
  sessionsEnded(userId: string): void;
}

// The pool's limits, in the README's table with the mailer's (server/mail/mail-limits.ts). Counted in the
// database (server/identity/rate-limiter.ts), so they hold across every server process on it.
const GUESS_WINDOW_MS = 5 * 60_000;
/** Failed guesses (passwords, codes) per user, and per client address, in GUESS_WINDOW_MS. */
const GUESSES_PER_USER = 10;
const GUESSES_PER_CLIENT = 200;
/** Codes by mail asked for from one client address in an hour, whoever they go to. */
const CODE_MAILS_PER_CLIENT = 100;
/** Sign-in attempts from one client address in a minute: each costs a password hash. */
const SIGN_INS_PER_CLIENT = 60;

export function createUserPool(
  db: Database,
  settings: PoolSettings,
  mailer: Mailer,
  onSessionsEnded: (userId: string) => void = () => {},
): UserPool {
  let key: Promise<SigningKey> | undefined;
  const perUser = createRateLimiter(db, 'guesses-per-user', {
    limit: GUESSES_PER_USER,
    windowMs: GUESS_WINDOW_MS,
  });
  const perAddress = createRateLimiter(db, 'guesses-per-client', {
    limit: GUESSES_PER_CLIENT,
    windowMs: GUESS_WINDOW_MS,
  });
  const codeMails = createRateLimiter(db, 'code-mails-per-client', {
    limit: CODE_MAILS_PER_CLIENT,
    windowMs: 60 * 60_000,
  });
  const signIns = createRateLimiter(db, 'sign-ins-per-client', {
    limit: SIGN_INS_PER_CLIENT,
    windowMs: 60_000,
    refusal: () =>
      new CognitoError('TooManyRequestsException', 'Too many requests, please try after some time.'),
  });
  return {
    db,
    settings,
    mailer,
    signingKey() {
      key ??= currentSigningKey(db).catch((error) => {
        key = undefined;
        throw error;
      });
      return key;
    },
    async limitGuesses(username, clientAddress) {
      await Promise.all([perUser.assertAllowed(username), perAddress.assertAllowed(clientAddress)]);
    },
    async recordFailedGuess(username, clientAddress) {
      await Promise.all([perUser.recordFailure(username), perAddress.recordFailure(clientAddress)]);
    },
    async limitCodeMail(recipient, clientAddress) {
      await codeMails.consume(clientAddress);
      return mailer.hasRoomFor(recipient);
    },
    limitSignIn(clientAddress) {
      return signIns.consume(clientAddress);
    },
    sessionsEnded: onSessionsEnded,
  };
}

/** Every request names the app client; another client id is a pool this server does not have. */
export function checkClient(pool: UserPool, body: Record<string, unknown>): void {
  const clientId = requireString(body, 'ClientId');
  if (clientId !== pool.settings.clientId) {
    throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  }
}

/** E-mail addresses are the usernames, compared without regard to case. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * The request's username, normalised once before anything reads it: the
 * lookup, the guess and mail limits and every answer see one spelling, so
 * " Ada@example.com" neither gets fresh tries nor answers differently.
 */
export function requireUsername(body: Record<string, unknown>, field = 'Username'): string {
  return normaliseUsername(requireString(body, field));
}

/** "a***@example.com", as Cognito shows where a code went. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.charAt(0)}***@${domain}`;
}

export function codeDeliveryDetails(email: string) {
  return { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}
