import type { Database } from '../db/database';

/** The organisation's subscription: its status and plan, if it has a record. */
export function subscriptionOf(db: Database, organisationId: number) {
  return db
    .selectFrom('subscriptions')
    .select(['status', 'plan'])
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
}
