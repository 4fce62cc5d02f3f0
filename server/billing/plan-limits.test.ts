import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { DEMO_PORTFOLIO } from '../demo/readings/portfolio';
import { startTestApp } from '../test-app';
import { PLANS } from './plans';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

const PRO = PLANS.find((plan) => plan.code === 'PRO')?.limits as {
  sites: number;
  dataPoints: number;
  users: number;
};

async function count(server: TestApp, table: 'entities' | 'data_points', organisationId: number) {
  const rows = await server.db
    .selectFrom(table)
    .select('id')
    .where('organisation_id', '=', organisationId)
    .execute();
  return rows.length;
}

function addSite(server: TestApp, token: string, name: string) {
  return server.api('addEntity', token, { type: 'site', name, timeZone: 'Europe/London' });
}

function points(entityId: number, how: number, prefix: string) {
  return Array.from({ length: how }, (_, index) => ({
    entityId,
    name: `${prefix} ${index + 1}`,
    intent: 'electricity',
    unit: 'kWh',
    kind: 'interval',
  }));
}

describeEachEngine("a plan's limits on %s", (engine) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(engine);
  });
  afterAll(async () => server?.close());

  it("refuses the site past Professional's limit with 402, naming the plan that lifts it, and stores nothing", async () => {
    const owner = await server.memberOfNewOrganisation('sites@plans.test', 'Sites Ltd', { plan: 'PRO' });
    for (let site = 1; site <= PRO.sites; site += 1) {
      expect((await addSite(server, owner.token, `Site ${site}`)).status).toBe(200);
    }
    const refused = await addSite(server, owner.token, 'One too many');
    expect(refused).toEqual({
      status: 402,
      body: {
        message: `Your organisation's Professional plan includes ${PRO.sites} sites, and this would go beyond it. The Advanced plan allows more: an admin can choose it on the Billing page.`,
        planLimit: { what: 'sites', plan: 'Professional', limit: PRO.sites, liftedBy: 'Advanced' },
      },
    });
    expect(await count(server, 'entities', owner.organisationId)).toBe(PRO.sites);
    // Places inside a site are not sites: the building still goes in.
    const site = (
      await server.db
        .selectFrom('entities')
        .select('id')
        .where('organisation_id', '=', owner.organisationId)
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (await server.api('addEntity', owner.token, { type: 'building', name: 'Annex', parentId: site }))
        .status,
    ).toBe(200);
  });

  it('takes a batch of data points whole or not at all, counting what is there', async () => {
    const owner = await server.memberOfNewOrganisation('points@plans.test', 'Points Ltd', { plan: 'PRO' });
    const site = (await addSite(server, owner.token, 'Works')).body.entity.id as number;
    const tooMany = await server.api('addDataPointsRef', owner.token, {
      dataPoints: points(site, PRO.dataPoints + 1, 'Meter'),
    });
    expect(tooMany.status).toBe(402);
    expect(tooMany.body.planLimit).toEqual({
      what: 'dataPoints',
      plan: 'Professional',
      limit: PRO.dataPoints,
      liftedBy: 'Advanced',
    });
    expect(await count(server, 'data_points', owner.organisationId)).toBe(0);
    const full = await server.api('addDataPointsRef', owner.token, {
      dataPoints: points(site, PRO.dataPoints, 'Meter'),
    });
    expect(full.status).toBe(200);
    const oneMore = await server.api('addDataPointsRef', owner.token, {
      dataPoints: points(site, 1, 'Extra'),
    });
    expect(oneMore.status).toBe(402);
    expect(await count(server, 'data_points', owner.organisationId)).toBe(PRO.dataPoints);
    expect((await server.api('billing', owner.token, { orgId: owner.organisationId })).body.usage).toEqual({
      sites: 1,
      dataPoints: PRO.dataPoints,
      users: 1,
    });
  });

  it('keeps MQTT topics and API keys to Advanced, and lets Advanced use them', async () => {
    const pro = await server.memberOfNewOrganisation('feeds@plans.test', 'Feeds Ltd', { plan: 'PRO' });
    const site = (await addSite(server, pro.token, 'Depot')).body.entity.id as number;
    const mqtt = { ...points(site, 1, 'Live')[0], mqttTopic: 'depot/main' };
    const refusedPoint = await server.api('addDataPointsRef', pro.token, { dataPoints: [mqtt] });
    expect(refusedPoint.status).toBe(402);
    expect(refusedPoint.body.message).toBe(
      'Data points fed over MQTT are not part of the Professional plan. The Advanced plan allows them: an admin can choose it on the Billing page.',
    );
    expect(refusedPoint.body.planLimit).toEqual({
      what: 'mqtt',
      plan: 'Professional',
      limit: null,
      liftedBy: 'Advanced',
    });
    const key = await server.api('restApi', pro.token, { name: 'Gateway' });
    expect(key.status).toBe(402);
    expect(key.body.planLimit.what).toBe('apiKeys');
    // A point made without a topic cannot be given one either.
    const plain = (await server.api('addDataPointsRef', pro.token, { dataPoints: points(site, 1, 'Plain') }))
      .body.dataPoints[0];
    const topicLater = await server.api('replaceDataPoint', pro.token, {
      dataPointId: plain.id,
      mqttTopic: 'depot/later',
    });
    expect(topicLater.status).toBe(402);

    const advanced = await server.memberOfNewOrganisation('feeds@advanced.test', 'Live Ltd');
    const advancedSite = (await addSite(server, advanced.token, 'Plant')).body.entity.id as number;
    const live = { ...points(advancedSite, 1, 'Live')[0], mqttTopic: 'plant/main' };
    expect((await server.api('addDataPointsRef', advanced.token, { dataPoints: [live] })).status).toBe(200);
    expect((await server.api('restApi', advanced.token, { name: 'Gateway' })).status).toBe(200);
  });

  it('counts members and open invitations as people: resending takes no place, revoking frees one', async () => {
    const owner = await server.memberOfNewOrganisation('people@plans.test', 'People Ltd', { plan: 'PRO' });
    for (let person = 1; person < PRO.users; person += 1) {
      expect(
        (await server.api('sendUserInvite', owner.token, { email: `p${person}@people.test` })).status,
      ).toBe(200);
    }
    const full = await server.api('sendUserInvite', owner.token, { email: 'last@people.test' });
    expect(full.status).toBe(402);
    expect(full.body.planLimit).toEqual({
      what: 'users',
      plan: 'Professional',
      limit: PRO.users,
      liftedBy: 'Advanced',
    });
    expect((await server.api('sendUserInvite', owner.token, { email: 'p1@people.test' })).status).toBe(200);
    expect((await server.api('revokeUserInvite', owner.token, { email: 'p2@people.test' })).status).toBe(200);
    expect((await server.api('sendUserInvite', owner.token, { email: 'last@people.test' })).status).toBe(200);
  });

  it('lets only one of two additions at once take the last place', async () => {
    const owner = await server.memberOfNewOrganisation('race@plans.test', 'Race Ltd', { plan: 'PRO' });
    for (let site = 1; site < PRO.sites; site += 1) await addSite(server, owner.token, `Site ${site}`);
    const answers = await Promise.all([
      addSite(server, owner.token, 'Left'),
      addSite(server, owner.token, 'Right'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 402]);
    expect(await count(server, 'entities', owner.organisationId)).toBe(PRO.sites);
  });

  it('holds a plan while trialing or past due, and none once cancelled or before one is chosen', async () => {
    const owner = await server.memberOfNewOrganisation('states@plans.test', 'States Ltd', { plan: null });
    const none = await addSite(server, owner.token, 'Too early');
    expect(none.status).toBe(402);
    expect(none.body).toEqual({
      message:
        'Your organisation has no active plan, so it cannot add sites. The Professional plan allows more: an admin can choose it on the Billing page.',
      planLimit: { what: 'sites', plan: null, limit: null, liftedBy: 'Professional' },
    });
    const setState = (status: 'trialing' | 'past_due' | 'canceled') =>
      server.db
        .updateTable('subscriptions')
        .set({ status, plan: 'PRO' })
        .where('organisation_id', '=', owner.organisationId)
        .execute();
    await setState('trialing');
    expect((await addSite(server, owner.token, 'In trial')).status).toBe(200);
    await setState('past_due');
    expect((await addSite(server, owner.token, 'Overdue')).status).toBe(200);
    await setState('canceled');
    expect((await addSite(server, owner.token, 'Ended')).status).toBe(402);
    // What the organisation has stays readable.
    expect((await server.api('sites', owner.token, {})).status).toBe(200);
  });

  it('refuses a plan smaller than what the organisation has (409), and keeps the one it has', async () => {
    const owner = await server.memberOfNewOrganisation('shrink@plans.test', 'Shrink Ltd');
    for (let site = 1; site <= PRO.sites + 1; site += 1) await addSite(server, owner.token, `Site ${site}`);
    expect(
      await server.api('billing/checkout', owner.token, { orgId: owner.organisationId, plan: 'PRO' }),
    ).toEqual({
      status: 409,
      body: {
        message: `Your organisation has ${PRO.sites + 1} sites, and the Professional plan includes ${PRO.sites}. Remove some first to choose it.`,
      },
    });
    const billing = await server.api('billing', owner.token, { orgId: owner.organisationId });
    expect(billing.body.subscription).toEqual({
      status: 'active',
      plan: { product: { name: 'Advanced' } },
      trialEndsAt: null,
    });
    expect(billing.body.plans.map((plan: { code: string }) => plan.code)).toEqual(['PRO', 'ADVANCE']);
  });
});

describe('the demo organisation', () => {
  it('fits within Advanced, the plan it is seeded with, with room to try adding more', () => {
    const advanced = PLANS.find((plan) => plan.code === 'ADVANCE')?.limits;
    expect(DEMO_PORTFOLIO.sites.length).toBeLessThan(advanced?.sites ?? 0);
    expect(DEMO_PORTFOLIO.dataPoints.length).toBeLessThan(advanced?.dataPoints ?? 0);
  });
});
