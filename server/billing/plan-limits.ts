import { sql } from 'kysely';
import type { PlanFeature } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { SubscriptionStatus } from '../db/tables';
import { ApiError } from '../http/api-error';
import { type Countable, isFeature, type Plan, planName, planTerms, planThatLifts } from './plans';

/**
 * The states in which a plan's terms hold: a trial, a paid plan, and a
 * payment overdue (its grace, while the provider retries). Without one of
 * them, nothing new can be added; what the organisation has stays readable.
 */
const PLAN_HOLDS: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

/** The plan whose terms hold for the organisation now, or null. */
export async function planInForce(db: Database, organisationId: number): Promise<Plan | null> {
  const subscription = await db
    .selectFrom('subscriptions')
    .select(['status', 'plan'])
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return subscription?.plan && PLAN_HOLDS.has(subscription.status) ? subscription.plan : null;
}

/** What the organisation has, counted as the limits count it. */
export async function usageOf(db: Database, organisationId: number): Promise<Record<Countable, number>> {
  return {
    sites: await countOf(db, organisationId, 'sites'),
    dataPoints: await countOf(db, organisationId, 'dataPoints'),
    users: await countOf(db, organisationId, 'users'),
  };
}

/**
 * Refuses (402) adding `adding` more of `what` beyond the plan's limit. Call
 * it inside the transaction that adds them: it locks the organisation's row
 * first, so two additions at once cannot both take the last place.
 */
export async function ensureRoom(
  trx: Database,
  organisationId: number,
  what: Countable,
  adding: number,
): Promise<void> {
  await trx.selectFrom('organisations').select('id').where('id', '=', organisationId).forUpdate().execute();
  const plan = await planInForce(trx, organisationId);
  if (!plan) throw planLimitReached(what, null);
  const limit = planTerms(plan).limits[what];
  if ((await countOf(trx, organisationId, what)) + adding > limit) throw planLimitReached(what, plan);
}

/** Refuses (402) a part of the product the organisation's plan does not include. */
export async function requireFeature(
  db: Database,
  organisationId: number,
  feature: PlanFeature,
): Promise<void> {
  const plan = await planInForce(db, organisationId);
  if (!plan || !planTerms(plan).features.includes(feature)) throw planLimitReached(feature, plan);
}

/**
 * Refuses (409) a plan smaller than what the organisation has, which would
 * leave it over its limits from the first day. The billing page says the
 * same before offering the plan; this is for a request made around it.
 */
export async function requireFits(db: Database, organisationId: number, plan: Plan): Promise<void> {
  const usage = await usageOf(db, organisationId);
  const { name, limits } = planTerms(plan);
  const over = (Object.keys(limits) as Countable[]).find((what) => usage[what] > limits[what]);
  if (over) {
    throw new ApiError(
      409,
      `Your organisation has ${usage[over]} ${WORDS[over]}, and the ${name} plan includes ${limits[over]}. Remove some first to choose it.`,
    );
  }
}

const WORDS: Record<Countable | PlanFeature, string> = {
  sites: 'sites',
  dataPoints: 'data points',
  users: 'people (members and open invitations)',
  mqtt: 'Data points fed over MQTT',
  lorawan: 'LoRaWAN devices',
  apiKeys: 'API keys',
};

/**
 * 402 Payment Required: what the plan allows, and the plan that allows more.
 * `planLimit` carries the same in parts, for clients to say it in the person's language.
 */
export function planLimitReached(what: Countable | PlanFeature, plan: Plan | null): ApiError {
  const lifting = planThatLifts(plan, what);
  const limit = plan && !isFeature(what) ? planTerms(plan).limits[what] : null;
  const change = lifting
    ? `The ${lifting.name} plan allows ${isFeature(what) ? 'them' : 'more'}: an admin can choose it on the Billing page.`
    : 'Remove ones no longer needed to make room.';
  const said = !plan
    ? `Your organisation has no active plan, so it cannot add ${WORDS[what].toLowerCase()}.`
    : isFeature(what)
      ? `${WORDS[what]} are not part of the ${planName(plan)} plan.`
      : `Your organisation's ${planName(plan)} plan includes ${limit} ${WORDS[what]}, and this would go beyond it.`;
  return new ApiError(402, `${said} ${change}`, undefined, {
    planLimit: { what, plan: plan ? planName(plan) : null, limit, liftedBy: lifting?.name ?? null },
  });
}

async function countOf(db: Database, organisationId: number, what: Countable): Promise<number> {
  const count = sql<string>`count(*)`.as('n');
  switch (what) {
    case 'sites': {
      const row = await db
        .selectFrom('entities')
        .select(count)
        .where('organisation_id', '=', organisationId)
        .where('type', '=', 'site')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    case 'dataPoints': {
      const row = await db
        .selectFrom('data_points')
        .select(count)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    case 'users': {
      const members = await db
        .selectFrom('users')
        .select(count)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow();
      const invited = await db
        .selectFrom('invitations')
        .select(count)
        .where('organisation_id', '=', organisationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirstOrThrow();
      return Number(members.n) + Number(invited.n);
    }
  }
}
