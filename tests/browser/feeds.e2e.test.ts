import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { writeReadings } from '../../server/readings/write-readings';
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

  it('flags a register that falls far from zero, and spreads the step from Data Feeds', async () => {
    const { db } = demoApp.app.database;
    const gas = await db
      .selectFrom('data_points')
      .select(['organisation_id', 'entity_id', 'time_zone'])
      .where('name', '=', 'Gas (London)')
      .executeTakeFirstOrThrow();
    const point = await db
      .insertInto('data_points')
      .values({
        organisation_id: gas.organisation_id,
        entity_id: gas.entity_id,
        name: 'Boiler house gas',
        intent: 'gas',
        unit: 'm³',
        kind: 'cumulative',
        time_zone: gas.time_zone,
        updated_at: new Date(),
      })
      .returning(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
      .executeTakeFirstOrThrow();
    // A day of quarter-hours using 2 m³ each, then, a week on, the register at 3 000: a misread, or a new meter.
    const start = Date.parse('2020-03-02T00:00:00Z');
    const ts = Array.from({ length: 97 }, (_, quarter) => start + quarter * 900_000);
    const values = ts.map((_, quarter) => 8_000 + 2 * quarter);
    ts.push(start + 8 * 86_400_000);
    values.push(3_000);
    await db.transaction().execute((trx) => writeReadings(trx, point, { ts, values }));

    const { page, close } = await signedInPage(`/devices/all/Boiler%20house%20gas/details/${point.id}`);
    await page
      .getByRole('region', { name: 'Details of Boiler house gas' })
      .getByText('Readings to review: 1.')
      .waitFor();
    const review = page.getByRole('region', { name: 'Readings to review' });
    const row = review.getByRole('row').filter({ hasText: 'Boiler house gas' });
    await row.getByText('Fell from 8,192 m³ to 3,000 m³: neither a reset nor a rollover').waitFor();
    await row.getByRole('button', { name: 'Spread' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'The step of Boiler house gas is now spread.' })
      .waitFor();
    await row.getByText('3,000 m³ spread over 7 d').waitFor();
    // The week's use is booked evenly over its days: 3 000 m³ ÷ 7 a day, instead of all on the first.
    const { rows } = await sql<{ day: string; consumption: number }>`
      select day::text as day, consumption from readings_daily
      where data_point_id = ${point.id} and day between '2020-03-04' and '2020-03-08' order by day`.execute(
      db,
    );
    expect(rows.map((day) => [day.day, Math.round(day.consumption * 1000) / 1000])).toEqual(
      ['2020-03-04', '2020-03-05', '2020-03-06', '2020-03-07', '2020-03-08'].map((day) => [
        day,
        Math.round((3_000 / 7) * 1000) / 1000,
      ]),
    );
    await close();
  });

  it('registers a LoRaWAN device with its field mapping, lists it, and deletes it', async () => {
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
    await page.getByRole('cell', { name: 'Soil probe 07', exact: true }).waitFor();
    const device = await demoApp.app.database.db
      .selectFrom('lorawan_devices')
      .select(['name', 'fields'])
      .where('dev_eui', '=', '70B3D57ED0061A2C')
      .executeTakeFirstOrThrow();
    expect(device).toEqual({ name: 'Soil probe 07', fields: { temperature_1: pointId } });

    await page.getByRole('button', { name: 'Delete Soil probe 07' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Soil probe 07 was deleted' }).waitFor();
    await page.getByRole('cell', { name: 'Soil probe 07', exact: true }).waitFor({ state: 'detached' });
    const left = await demoApp.app.database.db
      .selectFrom('lorawan_devices')
      .select('id')
      .where('dev_eui', '=', '70B3D57ED0061A2C')
      .execute();
    expect(left).toEqual([]);
    await close();
  });
});
