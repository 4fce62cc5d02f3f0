import { describe, expect, it } from 'vitest';
import { createRule } from '../../server/alerts/rules';
import { webhookReceiver } from '../../server/alerts/webhook-receiver.test-helper';
import { createApiKey } from '../../server/integrations/rest/api-keys';
import { demoAppForThisFile } from './demo-app';
import { expectPageSettled } from './page-watch';

const demoApp = demoAppForThisFile();

/** Waits until `read` answers something `done` accepts, or fails saying what it last saw. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One reading of the point, now, pushed with the REST API as a gateway pushes it; answered 200. */
async function pushNow(secret: string, pointId: number, value: number): Promise<void> {
  const pushed = await fetch(`${demoApp.app.baseUrl}/api/readings`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ readings: [{ dataPoint: pointId, ts: new Date().toISOString(), value }] }),
  });
  expect(pushed.status).toBe(200);
}

/** The mail in the outbox whose subject holds `text`, once there is some: the job runner sends it after the push. */
function mailsAbout(text: string) {
  return eventually(
    () =>
      demoApp.app.database.db
        .selectFrom('outbox')
        .select(['to_address', 'subject'])
        .where('subject', 'like', `%${text}%`)
        .execute(),
    (rows) => rows.length > 0,
    `mail about ${text}`,
  );
}

/** The demo user, their organisation, and the first of its stored points that measures a level (not a register). */
async function demoUserAndPoint() {
  const { db } = demoApp.app.database;
  const user = await db
    .selectFrom('users')
    .select(['id', 'organisation_id'])
    .where('email', '=', demoApp.demo.email)
    .executeTakeFirstOrThrow();
  const organisationId = user.organisation_id as number;
  const point = await db
    .selectFrom('data_points')
    .select(['id', 'name'])
    .where('organisation_id', '=', organisationId)
    .where('kind', '=', 'instantaneous')
    .where('formula', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { user, organisationId, point };
}

describe('alerts in Chromium', () => {
  it('rings the bell when readings pushed with the REST API break a rule, mails it, and lets the person acknowledge it', async () => {
    const { db } = demoApp.app.database;
    const { user, organisationId, point } = await demoUserAndPoint();
    const unit = await db
      .selectFrom('data_points')
      .select('unit')
      .where('id', '=', point.id)
      .executeTakeFirstOrThrow();
    // An editor builds the rule with the form on the logic builder's page.
    const { page, close } = await demoApp.signedInPage('/control/logicbuilder', { acceptDialogs: true });
    await expectPageSettled(page);
    const rules = page.getByRole('region', { name: 'Alert rules' });
    await rules.getByRole('button', { name: 'Add a rule' }).click();
    const form = page.getByRole('form', { name: 'Create the rule' });
    await form.getByLabel('Name').fill('Too hot in the plant room');
    await form
      .getByLabel('Data point')
      .selectOption({ label: unit.unit ? `${point.name} (${unit.unit})` : point.name });
    await form.getByLabel(/^Value/).fill('1000');
    await form.getByLabel('Severity').selectOption('warning');
    // Tried on the demo's last week first: its readings never come near the value.
    await form.getByRole('button', { name: 'Replay' }).click();
    await form.getByText(/^It would not have fired \(\d+ readings judged\)\.$/).waitFor();
    await form.getByRole('button', { name: 'Create the rule' }).click();
    await page.getByText('The rule "Too hot in the plant room" is saved.').waitFor();
    const rule = rules.getByTestId('alert-rule').filter({ hasText: 'Too hot in the plant room' });
    await rule.getByText('Over 1000').waitFor();
    await rule.getByText('Normal').waitFor();
    // The person asks for mail of every alert, info included, one by one.
    const mail = page.getByRole('region', { name: 'Your alert mail' });
    const mailFrom = mail.getByLabel('Mail me about');
    await expect.poll(() => mailFrom.inputValue()).toBe('warning');
    await mailFrom.selectOption('info');
    await mail.getByRole('button', { name: 'Save my choice' }).click();
    await page.getByText('Your choice of alert mail is saved.').waitFor();
    expect(
      await db
        .selectFrom('notification_choices')
        .select(['mail_from', 'mail_digest'])
        .where('user_id', '=', user.id)
        .executeTakeFirst(),
    ).toEqual({ mail_from: 'info', mail_digest: false });
    await mail.getByRole('button', { name: 'Send me a test' }).click();
    await page.getByText(`A test of your alert mail went to ${demoApp.demo.email}.`).waitFor();
    const { secret } = await createApiKey(db, {
      organisationId,
      createdBy: user.id,
      name: 'Plant room gateway',
    });
    await pushNow(secret, point.id, 4000);
    // The rule is judged by the job runner as soon as the readings are committed, and the mail goes out.
    const mails = await mailsAbout('plant room');
    expect(mails).toContainEqual({
      to_address: demoApp.demo.email,
      subject: '[warning] Too hot in the plant room',
    });

    // The page asks again every half minute; a person coming back to it sees the news at once.
    await page.reload();
    await expectPageSettled(page);
    const bell = page.getByTestId('notification-bell');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 1 unread');
    await bell.click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: /Too hot in the plant room/ }).click();
    await rule.getByText('Firing').waitFor();
    // Opened, the notification is read: the bell counts none.
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 0 unread');
    const row = page.getByTestId('alert-row').filter({ hasText: 'Too hot in the plant room' });
    await row.getByText('Firing').waitFor();
    await row.getByText(point.name).waitFor();
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    await row.getByText(/^by /).waitFor();
    // Its history, a comment in it, and a snooze.
    await row.getByRole('button', { name: 'History of Too hot in the plant room' }).click();
    const history = page.getByTestId('alert-history');
    await history.getByText(/Fired · 4000$/).waitFor();
    await history.getByLabel('Comment', { exact: true }).fill('Vent opened');
    await history.getByRole('button', { name: 'Add the comment' }).click();
    await history.getByText(/Comment · .*: Vent opened$/).waitFor();
    await history.getByRole('button', { name: 'Snooze' }).click();
    await history.getByText(/^Snoozed until /).waitFor();
    await expectPageSettled(page);
    // The demo's own rules may watch the same point: this rule's alert is the one acknowledged.
    const alert = await db
      .selectFrom('alerts as a')
      .innerJoin('alert_rules as r', 'r.id', 'a.rule_id')
      .select(['a.state', 'a.acknowledged_by'])
      .where('r.name', '=', 'Too hot in the plant room')
      .executeTakeFirstOrThrow();
    expect(alert).toEqual({ state: 'firing', acknowledged_by: user.id });

    // Where people look at their data: the point's chart marks the firing, and its site's page lists it.
    await page.goto(`${demoApp.app.baseUrl}/data/explorer?points=${point.id}`);
    await expectPageSettled(page);
    await page.getByTestId('explorer-alerts').getByText('Too hot in the plant room').waitFor();
    expect(
      await page.locator('[data-testid="alert-band"][data-rule="Too hot in the plant room"]').count(),
    ).toBe(1);
    const { site_id: siteId } = await db
      .selectFrom('data_points as p')
      .innerJoin('entities as e', 'e.id', 'p.entity_id')
      .select('e.site_id')
      .where('p.id', '=', point.id)
      .executeTakeFirstOrThrow();
    await page.goto(`${demoApp.app.baseUrl}/sites/${siteId}`);
    await expectPageSettled(page);
    await page.getByRole('region', { name: 'Alerts here' }).getByText('Too hot in the plant room').waitFor();
    await page.goto(`${demoApp.app.baseUrl}/control/logicbuilder`);
    await expectPageSettled(page);

    // Made critical, then deleted with its alert, after saying so.
    await rules.getByRole('button', { name: 'Edit Too hot in the plant room' }).click();
    const editing = page.getByRole('form', { name: 'Save the rule' });
    await editing.getByLabel('Severity').selectOption('critical');
    await editing.getByRole('button', { name: 'Save the rule' }).click();
    await page.getByText('The rule "Too hot in the plant room" is saved.').waitFor();
    await rule.getByText('Critical').waitFor();
    await rules.getByRole('button', { name: 'Delete Too hot in the plant room' }).click();
    await rule.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await expectPageSettled(page);
    expect(
      await db
        .selectFrom('alert_rules')
        .select('id')
        .where('name', '=', 'Too hot in the plant room')
        .execute(),
    ).toEqual([]);
    await close();
  });

  it('builds a flow in the logic builder, switches it on, and rings the bell and mails when pushed readings meet it', async () => {
    const { db } = demoApp.app.database;
    const { user, organisationId, point } = await demoUserAndPoint();
    const { page, close } = await demoApp.signedInPage('/control/logicbuilder');
    await expectPageSettled(page);
    const builder = page.getByRole('region', { name: 'Logic builder' });
    const inspector = builder.getByTestId('step-inspector');
    // Point → compare (above 1000) → notify, joined from the inspector beside the canvas.
    await builder.getByRole('button', { name: '+ Data point' }).click();
    await inspector.getByLabel('Data point').selectOption({ label: point.name });
    await builder.getByRole('button', { name: '+ Compare' }).click();
    await inspector.getByLabel('Value').fill('1000');
    await inspector.getByText('point-1 (Data point)').click();
    await builder.getByRole('button', { name: '+ Notify' }).click();
    await builder
      .getByRole('alert')
      .getByText(/has 0 inputs and takes 1/)
      .waitFor();
    await inspector.getByText('compare-1 (Compare)').click();
    await builder.getByRole('alert').waitFor({ state: 'detached' });
    const canvas = builder.getByTestId('flow-canvas');
    await canvas.getByText('Above 1000').waitFor();
    // React Flow draws an edge once it has measured both its nodes, a frame or more after the nodes show.
    await expect.poll(() => canvas.locator('.react-flow__edge').count()).toBe(2);
    await builder.getByLabel('Name').fill('Flow: plant room over 1000');
    await builder.getByLabel('Severity').selectOption('critical');
    await builder.getByText('Switched on').click();
    // The replay counts each time the point's readings of the last week crossed over 1000 (the tests
    // before this one pushed some): worked out here from the readings themselves.
    const week = await db
      .selectFrom('readings')
      .select('value')
      .where('data_point_id', '=', point.id)
      .where('ts', '>', new Date(Date.now() - 7 * 86_400_000))
      .orderBy('ts')
      .execute();
    const crossings = week.filter(
      (row, index) => row.value > 1000 && !((week[index - 1]?.value ?? 0) > 1000),
    );
    await builder.getByRole('button', { name: 'Replay the last 7 days' }).click();
    await builder
      .getByTestId('flow-replay')
      .getByText(
        crossings.length === 1 ? /would have fired once/ : `would have fired ${crossings.length} times`,
      )
      .waitFor();
    await builder.getByRole('button', { name: 'Create the rule' }).click();
    await page.getByText('The rule "Flow: plant room over 1000" is saved.').waitFor();
    const stored = await db
      .selectFrom('alert_rules')
      .select(['condition', 'enabled'])
      .where('name', '=', 'Flow: plant room over 1000')
      .executeTakeFirstOrThrow();
    expect(stored.enabled).toBe(true);
    expect(stored.condition).toMatchObject({
      kind: 'flow',
      edges: [
        { from: 'point-1', to: 'compare-1' },
        { from: 'compare-1', to: 'notify-1' },
      ],
    });
    // The list beside it reads the flow in words, and sends it back to the builder.
    await page
      .getByTestId('alert-rule')
      .filter({ hasText: 'Flow: plant room over 1000' })
      .getByText('A flow of 3 steps')
      .waitFor();

    const bell = page.getByTestId('notification-bell');
    const unread = async () =>
      Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    const before = await unread();
    const { secret } = await createApiKey(db, { organisationId, createdBy: user.id, name: 'Flow gateway' });
    await pushNow(secret, point.id, 4000);
    const mails = await mailsAbout('Flow: plant room');
    expect(mails).toContainEqual({
      to_address: demoApp.demo.email,
      subject: '[critical] Flow: plant room over 1000',
    });
    await page.reload();
    await expectPageSettled(page);
    await expect.poll(unread).toBe(before + 1);
    // Switched off from the builder again, where it opens from the address: the tests after this one
    // watch the same point.
    const made = await db
      .selectFrom('alert_rules')
      .select('id')
      .where('name', '=', 'Flow: plant room over 1000')
      .executeTakeFirstOrThrow();
    await page.goto(`${demoApp.app.baseUrl}/control/logicbuilder?flow=${made.id}#builder`);
    await expectPageSettled(page);
    await builder.getByTestId('flow-canvas').getByText('Above 1000').waitFor();
    await builder.getByText('Switched on').click();
    await builder.getByRole('button', { name: 'Save the rule' }).click();
    await page.getByText('The rule "Flow: plant room over 1000" is saved.').waitFor();
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('alert_rules')
              .select('enabled')
              .where('id', '=', made.id)
              .executeTakeFirstOrThrow()
          ).enabled,
      )
      .toBe(false);
    await close();
  });

  it('posts alerts to a webhook made on the page, tests it, and posts a refused one again when asked', async () => {
    const { db } = demoApp.app.database;
    const receiver = await webhookReceiver();
    const { user, organisationId, point } = await demoUserAndPoint();
    const { page, close } = await demoApp.signedInPage('/control/logicbuilder', { acceptDialogs: true });
    await expectPageSettled(page);
    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByRole('button', { name: 'Add a webhook' }).click();
    const form = page.getByRole('form', { name: 'A new webhook' });
    await form.getByLabel('Name').fill('Plant room chat');
    await form.getByLabel('Address').fill(receiver.url);
    await form.getByLabel('Post').selectOption({ label: 'Every alert' });
    await form.getByRole('button', { name: 'Add the webhook' }).click();
    // The secret, shown this once, is what the receiver checks each post with.
    receiver.trust((await page.getByTestId('webhook-secret').textContent()) ?? '');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const hook = hooks.getByTestId('webhook').filter({ hasText: 'Plant room chat' });
    await hook.getByText('Every alert').waitFor();
    await hook.getByRole('button', { name: 'Send a test to Plant room chat' }).click();
    await page.getByText('Plant room chat answered 200: the test arrived.').waitFor();
    expect(receiver.received).toEqual([
      expect.objectContaining({ signed: true, body: expect.objectContaining({ event: 'test' }) }),
    ]);

    await createRule(db, organisationId, user.id, {
      name: 'Plant room over 1000',
      dataPointId: point.id,
      condition: { kind: 'above', value: 1000, hysteresis: 10, forMinutes: 0 },
      severity: 'info',
      cooldownMinutes: 0,
      activeHours: null,
      enabled: true,
    });
    const { secret } = await createApiKey(db, {
      organisationId,
      createdBy: user.id,
      name: 'Webhook gateway',
    });
    // Each reading is stamped as it is sent: newer than any the point has, so it is news to the rule.
    const push = (value: number) => pushNow(secret, point.id, value);
    await push(4000);
    const fired = await eventually(
      async () => receiver.received.filter((post) => post.body.event === 'alert.firing'),
      (posts) => posts.length > 0,
      'the firing posted',
    );
    expect(fired[0]).toMatchObject({
      signed: true,
      body: { alert: { rule: { name: 'Plant room over 1000' } } },
    });

    // The receiver is down when the alert resolves: the post is listed as failing, with why.
    receiver.answer(503);
    await push(20);
    await eventually(
      async () => receiver.received.filter((post) => post.body.event === 'alert.resolved').length,
      (count) => count > 0,
      'the refused post',
    );
    await page.reload();
    await expectPageSettled(page);
    const failing = page
      .getByTestId('failing-delivery')
      .filter({ hasText: '[resolved] Plant room over 1000' });
    await failing.getByText(/The receiver answered 503\./).waitFor();
    await hook.getByText('1 post failing').waitFor();
    receiver.answer(200);
    await failing.getByRole('button', { name: 'Post [resolved] Plant room over 1000 again' }).click();
    // Asked again, the post leaves the list at once (it is due now, its error cleared) and is made by the
    // next delivery run: the receiver has it a moment later.
    await failing.waitFor({ state: 'detached', timeout: 20_000 });
    const resolved = await eventually(
      async () => receiver.received.filter((post) => post.body.event === 'alert.resolved'),
      (posts) => posts.length >= 2,
      'the post made again',
    );
    expect(resolved).toHaveLength(2);
    expect(resolved[1]?.signed).toBe(true);

    // Switched off, then deleted after saying so.
    await hook.getByRole('button', { name: 'Switch off Plant room chat' }).click();
    await page.getByText('Plant room chat is off: nothing is posted to it.').waitFor();
    await hook.getByRole('button', { name: 'Delete Plant room chat' }).click();
    await hook.waitFor({ state: 'detached' });
    await expectPageSettled(page);
    expect(await db.selectFrom('alert_channels').select('id').execute()).toEqual([]);
    await close();
    await receiver.close();
  });
});
