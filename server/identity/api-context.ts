import type { BrowserAuthConfig } from './identity-mode';
import type { UserPool } from './user-pool';

declare module '../http/api-context' {
  interface ApiContext {
    /** The embedded user pool, when there is one (no Cognito pool configured). */
    userPool: UserPool | undefined;
    /** How the browser reaches the user pool, for GET /api/appConfig. */
    browserAuth: BrowserAuthConfig;
  }
}
