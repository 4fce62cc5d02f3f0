import { randomUUID } from 'node:crypto';
import { issueCode } from '../codes';
import { CognitoError, invalidParameter, limitExceeded, requireString } from '../cognito-error';
import { checkPasswordPolicy, hashPassword } from '../passwords';
import {
  checkClient,
  codeDeliveryDetails,
  normaliseUsername,
  requireUsername,
  type UserPool,
} from '../user-pool';
import { findUserByUsername } from './find-user';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Attributes = { Name: string; Value: string }[];

/** SignUp: a new, unconfirmed user, and a code by e-mail to confirm the address. */
export async function signUp(pool: UserPool, body: Record<string, unknown>, clientAddress: string) {
  checkClient(pool, body);
  const email = requireUsername(body);
  const password = requireString(body, 'Password');
  if (!EMAIL.test(email)) throw invalidParameter('Username should be an email.');
  checkPasswordPolicy(password);
  const attributes = readAttributes(body.UserAttributes);
  if (attributes.email && normaliseUsername(attributes.email) !== email) {
    throw invalidParameter('The email attribute must match the username.');
  }

  // Before anything is written: a refused sign-up leaves the account and its last code as they were.
  if (!(await pool.limitCodeMail(email, clientAddress))) throw limitExceeded();
  const existing = await findUserByUsername(pool, email);
  if (existing?.status === 'CONFIRMED') {
    throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
  }
  const passwordHash = await hashPassword(password, pool.settings.passwordCost);
  // An unconfirmed account may be signed up again (a lost code, a mistyped password): it starts over.
  const id = existing?.id ?? randomUUID();
  await pool.db
    .insertInto('users')
    .values({ id, email, name: attributes.name ?? '', password_hash: passwordHash, updated_at: new Date() })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ name: attributes.name ?? '', password_hash: passwordHash, updated_at: new Date() }),
    )
    .execute();
  await sendConfirmationCode(pool, id, email);
  return { UserSub: id, UserConfirmed: false, CodeDeliveryDetails: codeDeliveryDetails(email) };
}

export async function sendConfirmationCode(pool: UserPool, userId: string, email: string): Promise<void> {
  const code = await issueCode(pool.db, userId, 'confirm_sign_up');
  await pool.mailer.send({
    to: email,
    subject: 'Your Insights verification code',
    text: `Your verification code is ${code}.\n\nIt works for 24 hours. If you did not sign up for Insights, ignore this message.`,
  });
}

function readAttributes(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!Array.isArray(value)) throw invalidParameter('UserAttributes must be a list of {Name, Value}.');
  return Object.fromEntries(
    (value as Attributes).map((attribute) => {
      if (typeof attribute?.Name !== 'string' || typeof attribute.Value !== 'string') {
        throw invalidParameter('UserAttributes must be a list of {Name, Value}.');
      }
      return [attribute.Name, attribute.Value];
    }),
  );
}
