import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TariffVersion } from '../../src/generated/api-types';
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

async function storedTariff(name: string) {
  return demoApp.app.database.db
    .selectFrom('tariffs')
    .select(['id', 'versions'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
}

describe('tariffs in Chromium', () => {
  it('paints a time-of-use week, assigns the tariff to a site, and shows what its meters cost on the dashboard', async () => {
    const { page, close } = await demoApp.signedInPage('/tariffs');
    await page.getByRole('button', { name: 'New tariff' }).click();
    const form = page.getByRole('form', { name: 'New tariff' });
    await form.getByLabel(/^Name/).fill('Two-rate electricity');
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
    await legend.getByText('2 Peak: 0.40 EUR/kWh, 60 h').waitFor();
    await legend.getByText('1 Standard: 0.20 EUR/kWh, 108 h').waitFor();

    await form.getByText('The whole organisation').click();
    await form.getByRole('combobox', { name: 'Add a site or place…' }).selectOption({ label: SITE });
    await form.getByRole('button', { name: 'Save tariff' }).click();
    await page.getByText('Two-rate electricity was saved').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Two-rate electricity' });
    await row.getByText(SITE, { exact: true }).waitFor();
    await row.getByText('0.20 – 0.40 EUR/kWh').waitFor();

    const stored = await storedTariff('Two-rate electricity');
    const [version] = stored.versions as unknown as TariffVersion[];
    const peakHours = (version?.schedule.weekday ?? []).map((hours) =>
      hours.flatMap((window, hour) => (window === 1 ? [hour] : [])),
    );
    expect(peakHours).toEqual(
      Array.from({ length: 12 }, () => [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
    );
    expect(version?.schedule.weekend.flat().every((window) => window === 0)).toBe(true);

    // London's main meter is priced by it; the other sites' meters have no tariff, and the figure says so.
    await page.goto(`${demoApp.app.baseUrl}/dashboard`);
    const cost = page.locator('[data-widget="kpi"]').filter({ hasText: 'Electricity cost this month' });
    await cost
      .locator('.chakra-stat__valueText')
      .filter({ hasText: /\d.*EUR/ })
      .waitFor();
    const figure = Number(
      (await cost.locator('.chakra-stat__valueText').textContent())?.replace(/[^\d.]/g, ''),
    );
    expect(figure).toBeGreaterThan(0);
    await cost.getByText(/meters? without a tariff (is|are) left out/).waitFor();
    await close();
  });

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
    await form.getByText('The whole organisation').click();
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
    await page.getByText('Gas 2026 was saved').waitFor();
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

    await page.getByRole('row').filter({ hasText: 'Gas 2026' }).getByRole('button', { name: 'Copy' }).click();
    form = page.getByRole('form', { name: 'New tariff' });
    await form.getByRole('button', { name: 'Save tariff' }).click();
    await page.getByText('Gas 2026 (copy) was saved').waitFor();
    const copy = page.getByRole('row').filter({ hasText: 'Gas 2026 (copy)' });
    await copy.getByText('Not assigned').waitFor();
    await copy.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete tariff' }).click();
    await page.getByText('Gas 2026 (copy) was deleted').waitFor();
    await copy.waitFor({ state: 'detached' });
    await close();
  });
});
