import type { BillingProvider } from '../billing/provider';
import type { Database } from '../db/database';
import type { BrowserAuthConfig } from '../identity/identity-mode';
import type { UserPool } from '../identity/user-pool';
import type { ImportProgress } from '../imports/import-progress';
import type { Mailer } from '../mail/mailer';
import type { Geocoder } from '../sites/geocoder';
import type { ObjectStorage } from '../storage/object-storage';
import type { CallerCache } from './caller-cache';

/** What the API's domain routes share. */
export interface ApiContext {
  db: Database;
  billing: BillingProvider;
  mailer: Mailer;
  storage: ObjectStorage;
  /** The embedded user pool, when there is one (no Cognito pool configured). */
  userPool: UserPool | undefined;
  /** Where the app is reached, for links in e-mails, e.g. http://127.0.0.1:8080. */
  publicUrl: string;
  /** How the browser reaches the user pool, for GET /api/appConfig. */
  browserAuth: BrowserAuthConfig;
  /** Recently seen callers; routes that change who belongs where tell it. */
  callers: CallerCache;
  /** Meter-file imports running in this process. */
  imports: ImportProgress;
  /** Looks addresses up, when the server is set up with a geocoder. */
  geocoder: Geocoder | undefined;
  /** Where SFTP drop folders are watched, when they are. */
  dropFolderRoot?: string;
}
