import type { BillingProvider } from './provider';

/**
 * For installs that take no payment: choosing a plan makes the
 * subscription active at once.
 */
export const localBillingProvider: BillingProvider = {
  name: 'local',
  async checkout(db, organisationId, plan) {
    await db
      .updateTable('subscriptions')
      .set({ plan, status: 'active', provider: 'local', provider_reference: null, updated_at: new Date() })
      .where('organisation_id', '=', organisationId)
      .execute();
    return { status: 'active' };
  },
};
