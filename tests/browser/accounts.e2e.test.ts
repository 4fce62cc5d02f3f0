import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganisationOnPlan,
  invitationLink,
  registerAndConfirm as registerAs,
  toast,
} from './account-steps';
import { type AppUnderTest, startApp } from './app-server';
import { expectApiFailure } from './page-watch';
import { signInThroughForm } from './sign-in';

let app: AppUnderTest;

beforeAll(async () => {
  app = await startApp();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'Journey-pass-1';

async function newPage() {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

const registerAndConfirm = (page: Page, path: string, name: string, email: string) =>
  registerAs(page, app, path, { name, email, password: PASSWORD });

describe('accounts in Chromium, through aws-amplify and the embedded user pool', () => {
  it('takes a new user from registering to an organisation with an active plan', async () => {
    const { page, close } = await newPage();
    await registerAndConfirm(page, '/auth/register', 'Grace Hopper', 'grace@journey.test');
    await createOrganisationOnPlan(page, app, 'Journey Facilities');
    await page.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
    // The top bar names the organisation and its subscription in words, and does not call it a demo.
    await page.getByTestId('organisation-face').getByText('Journey Facilities').waitFor();
    await page.getByRole('link', { name: 'Subscription: Active' }).waitFor();
    expect(await page.getByTestId('demo-organisation').count()).toBe(0);
    const subscription = await app.database.db
      .selectFrom('subscriptions')
      .select(['status', 'plan'])
      .executeTakeFirstOrThrow();
    expect(subscription).toEqual({ status: 'active', plan: 'PRO' });
    await close();
  });

  it('lets an invited person register with the link and join the organisation; a mistyped invitation is sent again and revoked', async () => {
    const admin = await newPage();
    await signInThroughForm(admin.page, app.baseUrl, 'grace@journey.test', PASSWORD);
    await admin.page.goto(`${app.baseUrl}/users`);
    await admin.page.getByLabel(/^Invite by e-mail/).fill('ada@journey.test');
    await admin.page.getByRole('button', { name: 'Invite' }).click();
    await toast(admin.page, 'Invitation sent to ada@journey.test');
    // A mistyped address: sent again, then revoked; no link to it works any more.
    admin.page.on('dialog', (dialog) => void dialog.accept());
    await admin.page.getByLabel(/^Invite by e-mail/).fill('ada@jouney.test');
    await admin.page.getByRole('button', { name: 'Invite' }).click();
    await toast(admin.page, 'Invitation sent to ada@jouney.test');
    await admin.page.getByRole('button', { name: 'Send the invitation to ada@jouney.test again' }).click();
    await toast(admin.page, 'A new invitation was sent to ada@jouney.test');
    await admin.page.getByRole('button', { name: 'Revoke the invitation to ada@jouney.test' }).click();
    await toast(admin.page, 'The invitation to ada@jouney.test was revoked');
    await admin.page
      .getByRole('cell', { name: 'ada@jouney.test', exact: true })
      .waitFor({ state: 'detached' });
    const mistyped = await app.database.db
      .selectFrom('invitations')
      .select('revoked_at')
      .where('email', '=', 'ada@jouney.test')
      .execute();
    expect(mistyped.map((invitation) => invitation.revoked_at !== null)).toEqual([true, true]);
    await admin.close();

    const link = await invitationLink(app, 'ada@journey.test');
    expect(link.startsWith(`${app.baseUrl}/auth/register/`)).toBe(true);

    const invitee = await newPage();
    await invitee.page.goto(link);
    await invitee.page.getByText('You are invited to join Journey Facilities.').waitFor();
    await registerAndConfirm(invitee.page, new URL(link).pathname, 'Ada Lovelace', 'ada@journey.test');
    await toast(invitee.page, 'You have successfully joined Organization!');
    const organisation = await app.database.db
      .selectFrom('organisations')
      .select('id')
      .where('name', '=', 'Journey Facilities')
      .executeTakeFirstOrThrow();
    await invitee.page.waitForURL(`${app.baseUrl}/users/${organisation.id}`);
    await invitee.page.getByRole('cell', { name: 'grace@journey.test', exact: true }).waitFor();
    // Invited without a role named, Ada joins as a viewer: the screens say so and offer no member changes.
    expect(await invitee.page.getByRole('form', { name: 'Invite someone' }).count()).toBe(0);
    expect(await invitee.page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await invitee.page.getByRole('button', { name: /Ada Lovelace/ }).click();
    await invitee.page.getByText('Role: viewer').waitFor();
    await invitee.close();
  });

  it('makes a member an editor, then removes them, who then have no organisation', async () => {
    const admin = await newPage();
    admin.page.on('dialog', (dialog) => void dialog.accept());
    await signInThroughForm(admin.page, app.baseUrl, 'grace@journey.test', PASSWORD);
    await admin.page.goto(`${app.baseUrl}/users`);
    await admin.page.getByLabel('Role of ada@journey.test').selectOption('editor');
    await toast(admin.page, 'ada@journey.test is now an editor');
    const promoted = await app.database.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', 'ada@journey.test')
      .executeTakeFirstOrThrow();
    expect(promoted.role).toBe('editor');
    const row = admin.page.getByRole('row').filter({ hasText: 'ada@journey.test' });
    await row.getByRole('button', { name: 'Remove' }).click();
    await toast(admin.page, 'ada@journey.test was removed');
    await row.waitFor({ state: 'detached' });
    const members = await app.database.db
      .selectFrom('users')
      .select('organisation_id')
      .where('email', '=', 'ada@journey.test')
      .executeTakeFirstOrThrow();
    expect(members.organisation_id).toBeNull();
    await admin.close();
  });

  it('sends a person without an organisation to /organisation, locks the rest of the menu, and keeps them signed in', async () => {
    // Ada was removed above: signed in, she has no organisation.
    const ada = await newPage();
    await signInThroughForm(ada.page, app.baseUrl, 'ada@journey.test', PASSWORD);
    for (const path of ['/sites/1', '/dashboard', '/data/explorer']) {
      await ada.page.goto(`${app.baseUrl}${path}`);
      await ada.page.waitForURL(`${app.baseUrl}/organisation`);
    }
    const menu = ada.page.getByRole('navigation', { name: 'Main menu' });
    const sites = menu.locator('[data-locked="true"]', { hasText: 'Sites' });
    await expect(sites.getAttribute('title')).resolves.toMatch(/^Create or join an organisation first/);
    expect(await menu.getByRole('link', { name: 'Sites' }).count()).toBe(0);
    // The pages that work without one stay links, and open.
    await menu.getByRole('link', { name: 'Billing' }).click();
    await ada.page.waitForURL(`${app.baseUrl}/billing`);
    await menu.getByRole('link', { name: 'Organisation' }).click();
    await ada.page.waitForURL(`${app.baseUrl}/organisation`);
    // Still signed in: no 403 logged her out (the watcher fails the test on any 4xx it was not told of).
    await ada.page.getByRole('button', { name: /profile menu$/ }).waitFor();
    await ada.close();
  });

  it('signs out globally: the refresh token Amplify kept is revoked', async () => {
    const { page, close } = await newPage();
    await signInThroughForm(page, app.baseUrl, 'grace@journey.test', PASSWORD);
    const refreshToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.refreshToken'));
      return key ? localStorage.getItem(key) : null;
    });
    expect(refreshToken).toEqual(expect.any(String));

    await page.getByRole('button', { name: /profile menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${app.baseUrl}/auth/login`);
    // The login page shows at once; Amplify forgets the tokens once the pool has revoked them.
    await page.waitForFunction(
      () => !Object.keys(localStorage).some((name) => name.endsWith('.refreshToken')),
    );

    const refresh = await fetch(`${app.baseUrl}/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: 'insights-web', RefreshToken: refreshToken }),
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    await close();
  });

  it("edits the profile: a bad phone number is refused with the spec's words, a good one saved", async () => {
    const { page, close } = await newPage();
    await signInThroughForm(page, app.baseUrl, 'grace@journey.test', PASSWORD);
    await page.getByRole('button', { name: /profile menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Your Profile' });
    await dialog.getByLabel('Full Name').waitFor();
    expect(await dialog.getByLabel('Display Name').inputValue()).toBe('grace@journey.test');
    // The browser's zone is UTC here: shown as UTC, not as the first zone of a list that lacks it.
    const zone = dialog.getByLabel('Time Zone');
    expect(await zone.inputValue()).toBe('UTC');
    await zone.fill('Europe/Nowhere');
    await dialog.getByText('"Europe/Nowhere" is not a time zone').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await zone.fill('Europe/London');
    await dialog.getByLabel('Phone Number').fill('123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please input correct number!').waitFor();
    const user = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'grace@journey.test')
      .executeTakeFirstOrThrow();
    expect(
      await app.database.db.selectFrom('profiles').selectAll().where('user_id', '=', user.id).execute(),
    ).toEqual([]);

    await dialog.getByLabel('Phone Number').fill('+44 20 7946 0958');
    await dialog.getByLabel('Full Name').fill('Grace B. Hopper');
    await dialog.getByLabel('Photo').setInputFiles({
      name: 'grace.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 16, height: 16, channels: 3, background: '#1971c2' } })
        .png()
        .toBuffer(),
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'successfully save');
    // Closed before it is opened again: a click on the menu while the dialog still closes (slower on a busy
    // machine) can land on its backdrop, and the dialog never opens again.
    await dialog.waitFor({ state: 'detached' });
    const saved = await app.database.db
      .selectFrom('profiles')
      .select(['display_name', 'phone_number', 'time_zone', 'image_key'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({
      display_name: 'Grace B. Hopper',
      phone_number: '+442079460958',
      time_zone: 'Europe/London',
      image_key: expect.any(String),
    });
    // Opened again, the dialog shows the photo as the server stored it.
    await page.getByRole('button', { name: /profile menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const photo = dialog.getByRole('img', { name: 'Your photo' });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(16);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The profile dropdown shows the phone number with the greeting, plan, role and e-mail (spec §2).
    await page.getByRole('button', { name: /profile menu$/ }).click();
    await page.getByTestId('profile-phone').filter({ hasText: '+442079460958' }).waitFor();
    // And the photo is the top bar's avatar.
    const avatar = page.getByTestId('profile-avatar');
    await avatar.waitFor();
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(16);
    await close();
  });

  it("says 'Log In Failed!' with the pool's reason for a wrong password, and sends guests to the login page", async () => {
    // The user pool refuses the password, as it should.
    expectApiFailure('cognito:InitiateAuth', 400);
    const { page, close } = await newPage();
    await page.goto(`${app.baseUrl}/billing`);
    await page.waitForURL(`${app.baseUrl}/auth/login`);
    await page.getByLabel(/^E-mail/).fill('grace@journey.test');
    await page.getByLabel(/^Password/).fill('Wrong-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, 'Log In Failed!');
    await page.getByTestId('toast').filter({ hasText: 'Incorrect username or password.' }).waitFor();
    expect(page.url()).toBe(`${app.baseUrl}/auth/login`);
    await close();
  });
});
