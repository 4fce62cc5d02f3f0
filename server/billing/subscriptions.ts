import type { Database } from '../db/database';

/** The organisation's subscription: its status, plan and trial end, if it has a record. */
export function subscriptionOf(db: Database, organisationId: number) {
  return db
    .selectFrom('subscriptions')
    .select(['status', 'plan', 'trial_ends_at'])
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
}
