import type { FastifyInstance } from 'fastify';
import type { BillingCheckoutRequest, BillingRequest } from '../../src/generated/api-types';
import type { ApiContext } from '../http/api-context';
import { ApiError } from '../http/api-error';
import { endpointSchema } from '../http/api-schema';
import { requireMember } from '../organisations/membership';
import { PLAN_NAMES } from './provider';

/** The subscription of the caller's organisation, and choosing a plan for it. */
export async function billingRoutes(app: FastifyInstance, { db, billing }: ApiContext): Promise<void> {
  app.post<{ Body: BillingRequest }>('/billing', { schema: endpointSchema('billing') }, async (request) => {
    requireMember(request.caller, request.body.orgId);
    const subscription = await db
      .selectFrom('subscriptions')
      .select(['status', 'plan'])
      .where('organisation_id', '=', request.body.orgId)
      .executeTakeFirst();
    if (!subscription) throw new ApiError(404, 'This organisation has no subscription record.');
    return {
      subscription: {
        status: subscription.status,
        plan: subscription.plan ? { product: { name: PLAN_NAMES[subscription.plan] } } : null,
      },
    };
  });

  app.post<{ Body: BillingCheckoutRequest }>(
    '/billing/checkout',
    { schema: endpointSchema('billingCheckout') },
    async (request) => {
      requireMember(request.caller, request.body.orgId);
      return billing.checkout(db, request.body.orgId, request.body.plan);
    },
  );
}
