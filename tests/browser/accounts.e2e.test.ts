import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, codeFromOutbox, startApp } from './app-server';
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

async function toast(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

async function registerAndConfirm(page: Page, path: string, name: string, email: string): Promise<void> {
  await page.goto(`${app.baseUrl}${path}`);
  await page.getByLabel(/^Full name/).fill(name);
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await toast(page, 'Please check your e-mail for a verification code!');
  await page.waitForURL(/\/auth\/confirm/);
  await page.getByLabel(/^Verification code/).fill(await codeFromOutbox(app.database, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'Your account has been verified!');
}

describe('accounts in Chromium, through aws-amplify and the embedded user pool', () => {
  it('takes a new user from registering to an organisation with an active plan', async () => {
    const { page, close } = await newPage();
    await registerAndConfirm(page, '/auth/register', 'Grace Hopper', 'grace@journey.test');

    await page.waitForURL(`${app.baseUrl}/organisation`);
    await page.getByLabel(/^Organisation name/).fill('Journey Facilities');
    await page.getByRole('button', { name: 'Create organisation' }).click();

    await page.waitForURL(`${app.baseUrl}/billing`);
    await page.getByText('incomplete').waitFor();
    await page.getByRole('button', { name: 'Choose Professional' }).click();

    // Signed in with an active plan: the start page, which is the site list (spec §2: / goes to /sites).
    await page.waitForURL(`${app.baseUrl}/sites`);
    await page.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
    const subscription = await app.database.db
      .selectFrom('subscriptions')
      .select(['status', 'plan'])
      .executeTakeFirstOrThrow();
    expect(subscription).toEqual({ status: 'active', plan: 'PRO' });
    await close();
  });

  it('lets an invited person register with the link and join the organisation', async () => {
    const admin = await newPage();
    await signInThroughForm(admin.page, app.baseUrl, 'grace@journey.test', PASSWORD);
    await admin.page.goto(`${app.baseUrl}/users`);
    await admin.page.getByLabel(/^Invite by e-mail/).fill('ada@journey.test');
    await admin.page.getByRole('button', { name: 'Invite' }).click();
    await toast(admin.page, 'Invitation sent to ada@journey.test');
    await admin.close();

    const mail = await app.database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', 'ada@journey.test')
      .executeTakeFirstOrThrow();
    const link = /(http:\/\/\S+\/auth\/register\/[A-Za-z0-9_-]+)/.exec(mail.body)?.[1] as string;
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
    await invitee.page.getByRole('cell', { name: 'grace@journey.test' }).waitFor();
    await invitee.close();
  });

  it('removes a member, who then has no organisation', async () => {
    const admin = await newPage();
    admin.page.on('dialog', (dialog) => void dialog.accept());
    await signInThroughForm(admin.page, app.baseUrl, 'grace@journey.test', PASSWORD);
    await admin.page.goto(`${app.baseUrl}/users`);
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
    const saved = await app.database.db
      .selectFrom('profiles')
      .select(['display_name', 'phone_number', 'image_key'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({
      display_name: 'Grace B. Hopper',
      phone_number: '+442079460958',
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
