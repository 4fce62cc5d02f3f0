import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { CognitoError } from './cognito-error';

/** scrypt at N=2^15: 50 to 200 ms on this machine kind, costly enough to slow guessing, cheap enough for a sign-in. */
export const DEFAULT_PASSWORD_COST = 2 ** 15;
const PARAMS = { r: 8, p: 1, keyLength: 32 };

function derive(
  password: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  keyLength: number,
): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** "scrypt$N$r$p$salt$hash": the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string, N = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, PARAMS.r, PARAMS.p, PARAMS.keyLength);
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(N),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/** A hash of nothing, verified against when the user does not exist, so timing does not tell who has an account. */
export const UNKNOWN_USER_HASH = await hashPassword(randomBytes(16).toString('hex'));

/** Cognito's default policy, in its own words: at least 8 characters, upper and lower case, a number and a symbol. */
export function checkPasswordPolicy(password: string): void {
  const problems = [
    password.length < 8 && 'Password not long enough',
    password.length > 256 && 'Password too long',
    !/[a-z]/.test(password) && 'Password must have lowercase characters',
    !/[A-Z]/.test(password) && 'Password must have uppercase characters',
    !/[0-9]/.test(password) && 'Password must have numeric characters',
    !/[^A-Za-z0-9]/.test(password) && 'Password must have symbol characters',
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new CognitoError(
      'InvalidPasswordException',
      `Password did not conform with policy: ${problems[0]}`,
    );
  }
}
