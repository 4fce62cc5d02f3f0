import { describe, expect, it } from 'vitest';
import { EMBEDDED_POOL } from '../config';
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword } from './passwords';
import type { PoolSettings } from './pool-settings';

describe('password hashes', () => {
  it("are scrypt at N=2^15 for the product's user pool, which sets no cost of its own", async () => {
    const productPool: Partial<PoolSettings> = EMBEDDED_POOL;
    expect(productPool.passwordCost).toBeUndefined();
    expect(DEFAULT_PASSWORD_COST).toBe(2 ** 15);
    const hash = await hashPassword('Correct-horse-9', productPool.passwordCost);
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Correct-horse-9', hash)).toBe(true);
    expect(await verifyPassword('Correct-horse-8', hash)).toBe(false);
  });

  it('are checked at the cost they were made with, whatever the cost of new ones', async () => {
    const cheap = await hashPassword('Correct-horse-9', 2 ** 10);
    expect(cheap).toMatch(/^scrypt\$1024\$/);
    expect(await verifyPassword('Correct-horse-9', cheap)).toBe(true);
    // A hash whose stated cost was changed no longer matches: N is part of what was derived.
    expect(await verifyPassword('Correct-horse-9', cheap.replace('$1024$', '$2048$'))).toBe(false);
  });

  it('salt each hash, so one password never hashes twice alike', async () => {
    const [first, second] = await Promise.all([
      hashPassword('Same-pass-1', 2 ** 10),
      hashPassword('Same-pass-1', 2 ** 10),
    ]);
    expect(first).not.toBe(second);
  });
});
