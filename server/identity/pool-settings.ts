/** The embedded user pool's identity, as Amplify and the token checks see it. */
export interface PoolSettings {
  /** "<region>_<name>": Amplify takes the region from the part before "_". */
  userPoolId: string;
  clientId: string;
  /** The iss claim of issued tokens, and what the API expects to find there. */
  issuer: string;
  /**
   * scrypt's cost (N) for hashes made from now on; DEFAULT_PASSWORD_COST when
   * absent. Tests lower it (a sign-up costs 0.2 s of CPU at the default on
   * this machine kind, and the server tests make hundreds): each hash carries
   * its own N, so hashes made at the default are checked at the default.
   */
  passwordCost?: number;
}

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;
