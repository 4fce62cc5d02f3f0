import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, startAppWithDemo } from './app-server';
import { sessionKeeper } from './sign-in';

let app: AppUnderTest;
let demo: { email: string; password: string };
let session: ReturnType<typeof sessionKeeper>;

beforeAll(async () => {
  ({ app, demo } = await startAppWithDemo());
  session = sessionKeeper(app.baseUrl);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/**
 * Two good rows for a demo data point, in 2020 (before the seeded readings), and one for a point that does not
 * exist. The values have more decimals than two, and one a trailing zero: the preview shows them as written.
 */
const METER_FILE = [
  'Meter,Time,kWh',
  'Electricity – lighting (London),2020-01-06 09:00:00,1.500',
  'Electricity – lighting (London),2020-01-06 09:15:00,2.125',
  'Nobody,2020-01-06 09:30:00,1',
  '',
].join('\n');

describe('importing a meter file in Chromium', () => {
  it('uploads, maps, dry-runs, imports with bad rows skipped, and stores exactly the good rows', async () => {
    // The browser is in Tokyo, the file in UTC, the data point in London: the preview shows the point's zone.
    const context = await app.browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Asia/Tokyo',
      locale: 'en-US',
      storageState: await session(demo.email, demo.password),
    });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/devices/onboard`);

    await page.getByLabel('Meter file (CSV or XLSX)').setInputFiles({
      name: 'lighting.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(METER_FILE),
    });
    // The columns are guessed from the headers; the file's zone defaults to the browser's, and is set here.
    await page.getByLabel(/^Time zone/).fill('UTC');
    await page.getByRole('button', { name: 'Run a dry run' }).click();
    await page.getByText("unknown data point 'Nobody'").waitFor();
    await page.getByRole('columnheader', { name: 'Local time (Europe/London)' }).waitFor();
    const previewRows = await page
      .getByTestId('preview-row')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
      );
    expect(previewRows).toEqual([
      [
        '2',
        'Electricity – lighting (London)',
        '2020-01-06 09:00:00 GMT+0',
        '2020-01-06 09:00:00 UTC',
        '1.500 kWh',
        'measured',
      ],
      [
        '3',
        'Electricity – lighting (London)',
        '2020-01-06 09:15:00 GMT+0',
        '2020-01-06 09:15:00 UTC',
        '2.125 kWh',
        'measured',
      ],
    ]);
    await page.getByRole('button', { name: 'Continue to import' }).click();
    await page.getByText('Skip bad rows').click();
    await page.getByRole('button', { name: 'Start the import' }).click();
    // The outcome is announced, and the import history below lists the same words once it refreshes.
    await page
      .getByRole('status')
      .getByText('Imported 2 rows into 1 data point; skipped 1 bad rows.')
      .waitFor();

    const stored = await sql<{ ts: Date; value: number }>`
      select r.ts, r.value from readings r join data_points p on p.id = r.data_point_id
      where p.name = 'Electricity – lighting (London)' and r.ts < '2021-01-01' order by r.ts`.execute(
      app.database.db,
    );
    expect(stored.rows).toEqual([
      { ts: new Date('2020-01-06T09:00:00Z'), value: 1.5 },
      { ts: new Date('2020-01-06T09:15:00Z'), value: 2.125 },
    ]);
    await context.close();
  });

  it('saves the mapping as a template, and deletes it', async () => {
    const context = await app.browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: await session(demo.email, demo.password),
    });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${app.baseUrl}/devices/onboard`);
    await page.getByLabel('Meter file (CSV or XLSX)').setInputFiles({
      name: 'lighting.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(METER_FILE),
    });
    const templates = page.getByRole('group', { name: 'Templates' });
    await templates.getByLabel('Template name').fill('Lighting export');
    await templates.getByRole('button', { name: 'Save template' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Template “Lighting export” saved' }).waitFor();
    const stored = () => app.database.db.selectFrom('import_templates').select('name').execute();
    expect(await stored()).toEqual([{ name: 'Lighting export' }]);

    // Saved, it is the template chosen, which the person deletes.
    await templates.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Template “Lighting export” deleted' }).waitFor();
    expect(await stored()).toEqual([]);
    await context.close();
  });
});
