import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ExplorerView, TariffVersion } from '../../src/generated/api-types';
import { writeAddress } from '../../widgets/data-explorer/view';
import { demoAppForThisFile } from './demo-app';

// What an energy manager does on /tariffs: paints when peak hours are, says where the tariff applies,
// and then sees what the meters cost on the dashboard.
const demoApp = demoAppForThisFile();

const SITE = 'London – Clerkenwell Office';

/** Presses the mouse on one cell of the week grid and releases it on another, as a person paints. */
async function paint(page: Page, from: string, to: string) {
  const centre = async (cell: string) => {
    const box = await page.locator(`[data-cell="${cell}"]`).boundingBox();
    if (!box) throw new Error(`the week grid has no cell ${cell}`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const start = await centre(from);
  const end = await centre(to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 8 });
  await page.mouse.up();
}

/**
 * When the browser's "this month" is: now, or in a month's first four days, four days ago. The demo's readings
 * cover the last two weeks, so that month has days of readings, weekdays' peak hours among them, whatever the
 * day the test runs on; on 1 December at midnight, this month has none yet.
 */
const SEEN_AT = (() => {
  const now = new Date();
  return now.getUTCDate() > 4 ? now : new Date(now.getTime() - 4 * 24 * 3_600_000);
})();

/** The dashboard's electricity cost this month, once its figure shows, in pounds. */
async function costOnDashboard(page: Page): Promise<number> {
  const figure = page
    .locator('[data-widget="kpi"]')
    .filter({ hasText: 'Electricity cost this month' })
    .locator('.chakra-stat__valueText')
    .filter({ hasText: /\d.*GBP/ });
  await figure.waitFor();
  return Number((await figure.textContent())?.replace(/[^\d.]/g, ''));
}

async function storedTariff(name: string) {
  return demoApp.app.database.db
    .selectFrom('tariffs')
    .select(['id', 'versions'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
}

describe('tariffs in Chromium', () => {
  it('paints a time-of-use week, assigns the tariff to a site, and shows what its meters cost on the dashboard and in the explorer', async () => {
    // The demo's own tariff prices every meter to begin with.
    const { page, close } = await demoApp.signedInPage('/dashboard', { clockAt: SEEN_AT });
    const before = await costOnDashboard(page);
    expect(before).toBeGreaterThan(0);

    await page.goto(`${demoApp.app.baseUrl}/tariffs`);
    await page.getByRole('button', { name: 'New tariff' }).click();
    const form = page.getByRole('form', { name: 'New tariff' });
    await form.getByLabel(/^Name/).fill('Two-rate electricity');
    await form.getByLabel(/^Currency/).fill('GBP');
    await form
      .getByLabel(/^Price/)
      .first()
      .fill('0.20');
    await form.getByRole('button', { name: 'Add window' }).click();
    await form
      .getByLabel(/^Window name/)
      .nth(1)
      .fill('Peak');
    await form
      .getByLabel(/^Price/)
      .nth(1)
      .fill('0.40');
    await form.getByRole('button', { name: '2 · Peak' }).click();
    await paint(page, '0:8', '11:19');
    expect(await page.locator('[data-cell="6:12"]').getAttribute('aria-label')).toBe('Jul, 12:00: Peak');
    expect(await page.locator('[data-cell="6:20"]').getAttribute('aria-label')).toBe('Jul, 20:00: Standard');
    // The preview's week: five weekdays of twelve peak hours, the rest off-peak.
    await form.getByLabel('Week of').fill('2026-11-25');
    const legend = form.getByTestId('week-legend');
    await legend.getByText('2 Peak: 0.40 GBP/kWh, 60 h').waitFor();
    await legend.getByText('1 Standard: 0.20 GBP/kWh, 108 h').waitFor();

    // The organisation has its electricity tariff: a new one starts assigned nowhere.
    expect(await form.getByRole('checkbox', { name: 'The whole organisation' }).isChecked()).toBe(false);
    await form.getByRole('combobox', { name: 'Add a site or place…' }).selectOption({ label: SITE });
    await form.getByRole('button', { name: 'Save tariff' }).click();
    await page.getByText('Two-rate electricity was saved').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Two-rate electricity' });
    await row.getByText(SITE, { exact: true }).waitFor();
    await row.getByText('0.20 – 0.40 GBP/kWh').waitFor();

    const stored = await storedTariff('Two-rate electricity');
    const [version] = stored.versions as unknown as TariffVersion[];
    const peakHours = (version?.schedule.weekday ?? []).map((hours) =>
      hours.flatMap((window, hour) => (window === 1 ? [hour] : [])),
    );
    expect(peakHours).toEqual(
      Array.from({ length: 12 }, () => [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
    );
    expect(version?.schedule.weekend.flat().every((window) => window === 0)).toBe(true);

    // London's meters are now priced by it, without the demo tariff's standing charge and levies.
    await page.goto(`${demoApp.app.baseUrl}/dashboard`);
    const after = await costOnDashboard(page);
    expect(after).toBeGreaterThan(0);
    expect(after).not.toBeCloseTo(before, 0);

    // The explorer's summary says what London's main meter cost this month.
    const meter = await demoApp.app.database.db
      .selectFrom('data_points')
      .select('id')
      .where('name', '=', 'Electricity – main incomer (London)')
      .executeTakeFirstOrThrow();
    const view: ExplorerView = { dataPointIds: [meter.id], range: 'month', resolution: 'day', costs: true };
    await page.goto(
      `${demoApp.app.baseUrl}/data/explorer?${writeAddress({ view, savedId: null, zoomBase: null })}`,
    );
    const summary = page.getByRole('table', { name: 'Summary of each series' });
    await summary.getByRole('cell', { name: /^[\d,]+\.\d\d GBP$/ }).waitFor();
    await summary.getByRole('cell', { name: /^[\d,]+ kg CO₂$/ }).waitFor();
    // Drawn as cost, day by day, in pounds.
    await page.getByLabel('Show').selectOption('cost');
    await page.getByRole('group', { name: 'Chart in GBP' }).waitFor();
    await page.locator('[data-testid="explorer-chart"][data-state="painted"]').waitFor();

    // The bill estimate lays London's month out by its tariffs, as an invoice would.
    await page.goto(`${demoApp.app.baseUrl}/tariffs`);
    await page.getByLabel('Site').selectOption({ label: SITE });
    await page.getByLabel('Month').fill(SEEN_AT.toISOString().slice(0, 7));
    const bill = page.getByRole('table', { name: 'Electricity – main incomer (London)' });
    await bill.getByRole('row', { name: /^Peak [\d,]+ kWh [\d,]+\.\d\d GBP$/ }).waitFor();
    await page.getByText('Tariff: Two-rate electricity').first().waitFor();
    await page
      .getByTestId('bill-total')
      .filter({ hasText: /^All meters: [\d,]+\.\d\d GBP$/ })
      .waitFor();
    await close();
  }, 120_000); // a journey over three pages: the dashboard, /tariffs and the explorer

  it('adds a version from a date, copies the tariff and deletes the copy', async () => {
    const { page, close } = await demoApp.signedInPage('/tariffs');
    await page.getByRole('button', { name: 'New tariff' }).click();
    let form = page.getByRole('form', { name: 'New tariff' });
    await form.getByLabel(/^Name/).fill('Gas 2026');
    await form.getByLabel('Utility').selectOption('gas');
    await form.getByLabel(/^Unit/).fill('m³');
    await form
      .getByLabel(/^Price/)
      .first()
      .fill('1.10');
    await form.getByRole('button', { name: 'Save tariff' }).click();
    await page.getByText('Gas 2026 was saved').waitFor();

    await page.getByRole('button', { name: 'Edit Gas 2026' }).click();
    form = page.getByRole('form', { name: 'Edit Gas 2026' });
    await form.getByLabel('New version from').fill('2027-01-01');
    await form.getByRole('button', { name: 'Add version' }).click();
    await form
      .getByLabel(/^Price/)
      .first()
      .fill('1.25');
    await form.getByRole('button', { name: 'Save tariff' }).click();
    // Saved, the editor closes (the first save's message may still be showing).
    await form.waitFor({ state: 'detached' });
    const stored = await storedTariff('Gas 2026');
    expect(
      (stored.versions as unknown as TariffVersion[]).map((version) => [
        version.validTo,
        version.windows[0]?.tiers[0]?.price,
      ]),
    ).toEqual([
      ['2027-01-01', 1.1],
      [null, 1.25],
    ]);

    await page
      .getByRole('row')
      .filter({ hasText: 'Gas 2026' })
      .getByRole('button', { name: 'Copy Gas 2026' })
      .click();
    form = page.getByRole('form', { name: 'New tariff' });
    await form.getByRole('button', { name: 'Save tariff' }).click();
    await page.getByText('Gas 2026 (copy) was saved').waitFor();
    const copy = page.getByRole('row').filter({ hasText: 'Gas 2026 (copy)' });
    await copy.getByText('Not assigned').waitFor();
    await copy.getByRole('button', { name: 'Delete Gas 2026 (copy)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete tariff' }).click();
    await page.getByText('Gas 2026 (copy) was deleted').waitFor();
    await copy.waitFor({ state: 'detached' });
    await close();
  });
});

describe('benchmarks in Chromium', () => {
  it('ranks the demo sites per m² beside the site list, worst first, and per degree day of their weather', async () => {
    const { page, close } = await demoApp.signedInPage('/reports/entities');
    const rows = page.getByTestId('site-benchmark');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    const figuresNow = () =>
      rows.evaluateAll((cells) =>
        cells.map((row) => Number(row.querySelectorAll('td')[1]?.textContent?.replace(/[^\d.]/g, ''))),
      );
    const figures = await figuresNow();
    expect(figures.every((figure) => figure > 0)).toBe(true);
    expect([...figures].sort((a, b) => b - a)).toEqual(figures);
    // Each demo site has a weather station: per heating degree day, whichever hemisphere is in its heating
    // season has figures (a site in its summer may have no degree days), and no site is told to add a thermometer.
    await page.getByLabel('Per').selectOption('heatingDegreeDays');
    await page.getByText(`kWh/HDD in ${new Date().getFullYear()} so far`).waitFor();
    expect((await figuresNow()).some((figure) => figure > 0)).toBe(true);
    expect(await page.getByText(/^No outdoor temperature/).count()).toBe(0);
    await close();
  });

  it('lets an owner add occupants per site, ranks by them, changes one and deletes the figure', async () => {
    const { page, close } = await demoApp.signedInPage('/reports/entities');
    const year = new Date().getFullYear();
    await page.getByTestId('site-benchmark').first().waitFor();
    await page.getByRole('button', { name: 'Your figures…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benchmarking figures' });
    await dialog.getByLabel('Name').fill('Occupants');
    await dialog.getByLabel('Unit').fill('person');
    const cells = dialog.getByRole('textbox', { name: new RegExp(`, ${year}$`) });
    expect(await cells.count()).toBe(3);
    for (const [index, value] of ['120', '300', '45'].entries()) await cells.nth(index).fill(value);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`kWh/person in ${year} so far`).waitFor();
    const stored = () =>
      demoApp.app.database.db
        .selectFrom('benchmark_normaliser_values as v')
        .innerJoin('benchmark_normalisers as n', 'n.id', 'v.normaliser_id')
        .select(['v.value'])
        .where('n.name', '=', 'Occupants')
        .orderBy('v.value')
        .execute();
    expect((await stored()).map((row) => row.value)).toEqual([45, 120, 300]);
    const rows = page.getByTestId('site-benchmark');
    const figures = await rows.evaluateAll((cells) =>
      cells.map((row) => Number(row.querySelectorAll('td')[1]?.textContent?.replace(/[^\d.]/g, ''))),
    );
    expect(figures.every((figure) => figure > 0)).toBe(true);
    expect([...figures].sort((a, b) => b - a)).toEqual(figures);

    // Opened again on the figure in use: one value changed and saved replaces the stored ones.
    await page.getByRole('button', { name: 'Your figures…' }).click();
    await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe('Occupants');
    await cells.nth(2).fill('90');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await stored()).map((row) => row.value)).toEqual([90, 120, 300]);

    await page.getByRole('button', { name: 'Your figures…' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('“Occupants” deleted.').waitFor();
    await page.getByText(`kWh/m² in ${year} so far`).waitFor();
    expect(await stored()).toEqual([]);
    await close();
  });
});
