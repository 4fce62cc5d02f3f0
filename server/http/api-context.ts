import type { BillingProvider } from '../billing/provider';
import type { Database } from '../db/database';

/** What the API's domain routes share. */
export interface ApiContext {
  db: Database;
  billing: BillingProvider;
}
