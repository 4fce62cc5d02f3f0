import type { Page } from 'playwright-core';
import type { DatabaseHandle } from '../../server/db/database';
import { latestCode } from '../../server/identity/cognito-client.test-helper';

/** What the steps need of the app: its address and its database (the outbox holds the mails). */
export interface AppForSteps {
  baseUrl: string;
  database: DatabaseHandle;
}

export interface Person {
  name: string;
  email: string;
  password: string;
}

/** Waits for a notification with this text. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

/** Registers on the page at `path` (/auth/register, or an invitation's link) and confirms with the mailed code. */
export async function registerAndConfirm(
  page: Page,
  app: AppForSteps,
  path: string,
  person: Person,
): Promise<void> {
  await page.goto(`${app.baseUrl}${path}`);
  await page.getByLabel(/^Full name/).fill(person.name);
  await page.getByLabel(/^E-mail/).fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await toast(page, 'Please check your e-mail for a verification code!');
  await page.waitForURL(/\/auth\/confirm/);
  await page.getByLabel(/^Verification code/).fill(await latestCode(app.database.db, person.email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'Your account has been verified!');
}

/** From /organisation, where a confirmed newcomer lands: names the organisation, then chooses a plan. */
export async function createOrganisationOnPlan(
  page: Page,
  app: AppForSteps,
  organisationName: string,
  plan: 'Professional' | 'Advanced' = 'Professional',
): Promise<void> {
  await page.waitForURL(`${app.baseUrl}/organisation`);
  await page.getByLabel(/^Organisation name/).fill(organisationName);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await page.waitForURL(`${app.baseUrl}/billing`);
  await page.getByText('Payment not finished').waitFor();
  await page.getByRole('button', { name: `Choose ${plan}` }).click();
  // Signed in with an active plan: the start page, which is the site list (spec §2: / goes to /sites).
  await page.waitForURL(`${app.baseUrl}/sites`);
}

/** The register link in the newest invitation mailed to an address, as the invitee would follow it. */
export async function invitationLink(app: AppForSteps, email: string): Promise<string> {
  const mail = await app.database.db
    .selectFrom('outbox')
    .select('body')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /(http:\/\/\S+\/auth\/register\/[A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  if (!link) throw new Error(`no invitation link in the mail to ${email}`);
  return link;
}
