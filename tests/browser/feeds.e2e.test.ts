import { describe, expect, it } from 'vitest';
import { demoAppForThisFile } from './demo-app';

// Getting data in, as an integrator does it on the Data Feeds and Onboard pages: a data point of
// one's own, an API key that pushes readings until it is revoked, a LoRaWAN device.
const demoApp = demoAppForThisFile();

/** A page as the demo user, whose questions before revoking or deleting are answered yes. */
const signedInPage = (path: string) => demoApp.signedInPage(path, { acceptDialogs: true });

/** A reading pushed as a gateway would, with the key in the Authorization header. */
function pushReading(secret: string, dataPoint: string, value: number): Promise<Response> {
  return fetch(`${demoApp.app.baseUrl}/api/readings`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ readings: [{ dataPoint, ts: '2020-02-03T10:00:00Z', value }] }),
  });
}

describe('data feeds in Chromium', () => {
  it('adds a data point on Data Feeds, which then lists it', async () => {
    const { page, close } = await signedInPage('/devices/all');
    await page.getByRole('button', { name: 'Add data point' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a data point' });
    await dialog.getByLabel(/^Name/).fill('Boiler room gas');
    await dialog.getByRole('button', { name: 'Add data point' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Boiler room gas' }).waitFor();
    const stored = await demoApp.app.database.db
      .selectFrom('data_points')
      .select('name')
      .where('name', '=', 'Boiler room gas')
      .execute();
    expect(stored).toHaveLength(1);
    await close();
  });

  it('creates an API key that pushes readings, shows its secret once, and revokes it so pushes are refused', async () => {
    const { page, close } = await signedInPage('/devices/onboard');
    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByLabel(/^Key name/).fill('Boiler room gateway');
    await form.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-key-secret').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(20);
    const [point] = await demoApp.app.database.db
      .selectFrom('data_points')
      .select('name')
      .where('formula', 'is', null)
      .orderBy('id')
      .limit(1)
      .execute();
    if (!point) throw new Error('the demo has no data point');
    expect((await pushReading(secret, point.name, 42)).status).toBe(200);

    await page.getByRole('button', { name: 'I have copied it' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Boiler room gateway' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Boiler room gateway was revoked' }).waitFor();
    await row.getByText(/^revoked /).waitFor();
    expect((await pushReading(secret, point.name, 43)).status).toBe(401);
    await close();
  });

  it('registers a LoRaWAN device with its field mapping, and lists it', async () => {
    const { page, close } = await signedInPage('/devices/onboard');
    const form = page.getByRole('form', { name: 'Register a LoRaWAN device' });
    await form.getByLabel('DevEUI').fill('70B3D57ED0061A2C');
    await form.getByLabel('Name').fill('Soil probe 07');
    await form.getByLabel('Mapping 1 field').fill('temperature_1');
    const pointOption = form.getByLabel('Mapping 1 data point').locator('option').nth(1);
    const pointId = Number(await pointOption.getAttribute('value'));
    await form.getByLabel('Mapping 1 data point').selectOption(String(pointId));
    await form.getByRole('button', { name: 'Register' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Soil probe 07 (70B3D57ED0061A2C) is registered' })
      .waitFor();
    await page.getByRole('cell', { name: 'Soil probe 07' }).waitFor();
    const device = await demoApp.app.database.db
      .selectFrom('lorawan_devices')
      .select(['name', 'fields'])
      .where('dev_eui', '=', '70B3D57ED0061A2C')
      .executeTakeFirstOrThrow();
    expect(device).toEqual({ name: 'Soil probe 07', fields: { temperature_1: pointId } });
    await close();
  });
});
