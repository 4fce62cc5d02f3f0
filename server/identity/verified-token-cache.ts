import type { VerifiedCaller } from './verify-token';

const MAX_ENTRIES = 10_000;

/**
 * A token's signature and claims do not change, so once verified it is
 * remembered until it expires: the RSA check runs once per token, not once
 * per request.
 */
export function createVerifiedTokenCache() {
  const entries = new Map<string, { verified: VerifiedCaller; expiresAt: number }>();
  return {
    get(token: string): VerifiedCaller | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(token);
        return undefined;
      }
      return entry.verified;
    },
    set(token: string, verified: VerifiedCaller, expiresAt: number): void {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(token, { verified, expiresAt });
    },
  };
}
