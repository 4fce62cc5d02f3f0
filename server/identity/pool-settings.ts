/** The embedded user pool's identity, as Amplify and the token checks see it. */
export interface PoolSettings {
  /** "<region>_<name>": Amplify takes the region from the part before "_". */
  userPoolId: string;
  clientId: string;
  /** The iss claim of issued tokens, and what the API expects to find there. */
  issuer: string;
}

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;
