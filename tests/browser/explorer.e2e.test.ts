import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ForecastAnomaliesResponse } from '../../src/generated/api-types';
import { writeAddress } from '../../widgets/data-explorer/view';
import { demoAppForThisFile } from './demo-app';
import { demoGateway, demoThermometer } from './gateway';

// What an analyst does in the Data Explorer beyond looking: a virtual data point, an export, and
// views saved for the organisation.
const demoApp = demoAppForThisFile();

/** Two stored data points in kWh, as the demo has them. */
async function twoPointsInKwh() {
  const points = await demoApp.app.database.db
    .selectFrom('data_points')
    .select(['id', 'name'])
    .where('formula', 'is', null)
    .where('unit', '=', 'kWh')
    .orderBy('id')
    .limit(2)
    .execute();
  if (points.length < 2) throw new Error('the demo has fewer than two points in kWh');
  return points;
}

/** The explorer drawing these points over the last week (or today's raw readings), once its charts are painted. */
async function explorerWith(
  pointIds: number[],
  { range = '7d', resolution = 'hour' }: { range?: '7d' | 'today'; resolution?: 'hour' | 'raw' } = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const address = writeAddress({
    view: { dataPointIds: pointIds, range, resolution },
    savedId: null,
    zoomBase: null,
  });
  const opened = await demoApp.signedInPage(`/data/explorer?${address}`);
  await opened.page.locator('[data-testid="explorer-chart"][data-state="painted"]').waitFor();
  return opened;
}

describe('the Data Explorer in Chromium', () => {
  it('checks and creates a virtual data point from a formula, and draws it beside its inputs', async () => {
    const [first, second] = await twoPointsInKwh();
    if (!first || !second) throw new Error('unreachable');
    const { page, close } = await explorerWith([first.id, second.id]);
    await page.getByRole('button', { name: 'New virtual data point' }).click();
    const form = page.getByRole('form', { name: 'New virtual data point' });
    await form.getByLabel(/^Name/).fill('Two meters');
    await form.getByLabel(/^Formula/).fill(`[${first.name}] + [${second.name}]`);
    await form.getByRole('button', { name: 'Check formula' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: `Reads ${first.name} (kWh), ${second.name} (kWh); gives` })
      .waitFor();
    await form.getByRole('button', { name: 'Create virtual data point' }).click();
    const summary = page.getByRole('table', { name: 'Summary of each series' });
    await summary.getByRole('cell', { name: 'Two meters' }).waitFor();
    const stored = await demoApp.app.database.db
      .selectFrom('data_points')
      .select(['formula', 'unit'])
      .where('name', '=', 'Two meters')
      .executeTakeFirstOrThrow();
    // Stored by id, so renaming an input keeps the formula.
    expect(stored).toEqual({ formula: `#${first.id} + #${second.id}`, unit: 'kWh' });
    await close();
  });

  it('follows a reading pushed over REST while Live is switched on, without a reload', async () => {
    const thermometer = await demoThermometer(demoApp);
    const gateway = await demoGateway(demoApp, 'Live explorer gateway');
    // Within the period the page asks for (today, up to when it opened), at an instant no demo reading has.
    const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 120_000 + 7_000).toISOString();
    const { page, close } = await explorerWith([thermometer.id], { range: 'today', resolution: 'raw' });
    await page.getByTestId('live-switch').click();
    const row = page
      .getByRole('table', { name: 'Summary of each series' })
      .getByRole('row')
      .filter({ hasText: thermometer.name });
    await row.waitFor();
    expect(await row.textContent()).not.toContain('99.5 °C');
    await gateway.push(thermometer.id, at, 99.5);
    // The highest reading of the day, from the stream's word and the chart's read again: no reload, no click.
    await row.getByText('99.5 °C').waitFor({ timeout: 5_000 });
    await close();
  });

  it('exports what the chart shows as CSV, a file with a row per hour', async () => {
    const [first] = await twoPointsInKwh();
    if (!first) throw new Error('unreachable');
    const { page, close } = await explorerWith([first.id]);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const link = page.getByRole('link', { name: /^Download .+\.csv$/ });
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    const file = await fetch(new URL(href, demoApp.app.baseUrl));
    expect(file.status).toBe(200);
    const lines = (await file.text()).trim().split('\n');
    // A header, then a week of hours (the week's edges may cut an hour off or add one).
    expect(lines[0]).toContain(first.name);
    expect(lines.length).toBeGreaterThan(7 * 24 - 2);
    await close();
  });

  it('saves the view for the organisation, renames it and deletes it', async () => {
    const [first, second] = await twoPointsInKwh();
    if (!first || !second) throw new Error('unreachable');
    const { page, close } = await explorerWith([first.id, second.id]);
    const views = page.getByRole('region', { name: 'Saved views' });
    const saved = () => demoApp.app.database.db.selectFrom('data_explorers').select(['id', 'name']).execute();

    await views.getByRole('button', { name: 'Save as…' }).click();
    await views.getByLabel('Name of the view').fill('Lighting week');
    await views.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(saved).toEqual([{ id: expect.any(Number), name: 'Lighting week' }]);
    // The address names the saved view, so a link to it opens it.
    await page.waitForURL(/[?&]saved=\d+/);

    await views.getByRole('button', { name: 'Rename…' }).click();
    await views.getByLabel('Name of the view').fill('Lights, last week');
    await views.getByRole('button', { name: 'Rename', exact: true }).click();
    await expect.poll(saved).toEqual([{ id: expect.any(Number), name: 'Lights, last week' }]);

    await views.getByRole('button', { name: 'Delete…' }).click();
    await views.getByText('Delete “Lights, last week” for everyone in your organisation?').waitFor();
    await views.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(saved).toEqual([]);
    await close();
  });
  it("checks a week's readings against each point's forecast from the weeks before, and marks the unexpected hours", async () => {
    const [first] = await twoPointsInKwh();
    if (!first) throw new Error('unreachable');
    const { page, close } = await explorerWith([first.id]);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/forecastAnomalies'));
    await page.getByRole('button', { name: 'Check the readings against their forecast' }).click();
    const body = (await (await answered).json()) as ForecastAnomaliesResponse;
    const [point] = body.points;
    // The demo's five weeks: the week shown is checked against a forecast from the four before it.
    expect(point).toMatchObject({ dataPointId: first.id, unchecked: null });
    expect(point?.hoursChecked).toBeGreaterThan(100);
    const section = page.getByRole('region', { name: 'Unexpected readings' });
    await section
      .getByText(
        `${first.name}: ${point?.hours.length} of ${point?.hoursChecked} hours outside its forecast's 90 % interval`,
      )
      .waitFor();
    expect(await page.getByTestId('unexpected-mark').count()).toBe(point?.hours.length);
    await close();
  });

  it("forecasts a meter from its own history on /data/machinelearning: the model's backtest against Guideline 14, the chart with its interval, the readings it did not expect, the model kept for daily refits, and the last week's savings against a baseline", async () => {
    const { page, close } = await demoApp.signedInPage('/data/machinelearning');
    const widget = page.locator('[data-widget="forecast"]');
    const candidates = widget.getByTestId('forecast-candidate');
    // The fit runs on the server's worker thread: the page waits for it.
    await candidates.nth(2).waitFor();
    expect(await candidates.count()).toBe(3);
    // The first main electricity meter, learnt from the demo's five weeks (of the eight asked for) up to a week ago.
    const pointId = Number(await widget.getByLabel('Data point').inputValue());
    expect(pointId).toBeGreaterThan(0);
    const chosen = widget.locator('[data-testid="forecast-candidate"][aria-current="true"]');
    const choice = await widget.getByTestId('forecast-choice').textContent();
    // What the screen says is what the API answers for the same request.
    const api = await demoApp.api();
    const midnight = await page.evaluate(() => {
      const now = new Date();
      return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
    });
    const trainTo = midnight - 7 * 86_400_000;
    const answer = await api('forecast', {
      dataPointId: pointId,
      trainFrom: new Date(trainTo - 8 * 7 * 86_400_000).toISOString(),
      trainTo: new Date(trainTo).toISOString(),
      horizon: 'week',
      resolution: 'hour',
    });
    const names = {
      seasonalNaive: 'Same hour last week',
      towt: 'Time of week and temperature',
      holtWinters: 'Holt-Winters',
    };
    expect(choice).toContain(`Model: ${names[answer.model]}`);
    expect(await chosen.textContent()).toContain(names[answer.model]);
    // The demo's sites have an outdoor thermometer: the temperature model was tried.
    expect(answer.temperaturePoint).not.toBeNull();
    expect(choice).toContain(`Outdoor temperature from “${answer.temperaturePoint?.name}”`);
    const towt = answer.candidates.find((candidate) => candidate.model === 'towt');
    expect(towt?.backtest?.hours).toBeGreaterThan(100);
    await widget.getByTestId('forecast-interval').waitFor();
    const outside = answer.points.filter((step) => step.outside).length;
    await widget
      .getByTestId('forecast-outside')
      .getByText(
        `${outside} of ${answer.points.filter((step) => step.actual !== null).length} readings outside`,
      )
      .waitFor();
    expect(await widget.getByTestId('forecast-outside-mark').count()).toBe(outside);

    // Kept: the job runner fits it at once on the weeks up to today, and the list shows it up to date.
    await widget.getByRole('button', { name: 'Keep this model, refitted daily' }).click();
    const keptRow = widget.getByTestId('kept-model');
    await keptRow.getByText('Up to date').waitFor();
    const kept = await api('forecastModels', {});
    expect(kept.models).toEqual([
      expect.objectContaining({
        dataPointId: pointId,
        status: 'fresh',
        model: expect.any(String),
        trainingWeeks: 8,
      }),
    ]);
    await widget.getByTestId('model-kept').waitFor();

    // Below it, the same meter's last week against the eight before it: the savings the API measures, on screen.
    const savingsWidget = page.locator('[data-widget="savings"]');
    const headline = savingsWidget.getByTestId('savings-headline');
    await headline.waitFor();
    const savings = await api('forecastSavings', {
      dataPointId: pointId,
      baselineFrom: new Date(trainTo - 8 * 7 * 86_400_000).toISOString(),
      baselineTo: new Date(trainTo).toISOString(),
      reportingFrom: new Date(trainTo).toISOString(),
      reportingTo: new Date(midnight).toISOString(),
    });
    const amount = Math.round(Math.abs(savings.savings)).toLocaleString('en-US');
    expect(await headline.textContent()).toContain(`${amount} kWh`);
    expect(await savingsWidget.getByTestId('savings-uncertainty').textContent()).toContain(
      `± ${Math.round(savings.uncertainty.at90).toLocaleString('en-US')} kWh at 90 % confidence`,
    );
    await savingsWidget.getByTestId('savings-chart').waitFor();

    // Ahead, by day: seven days to come, with no readings beside them yet.
    await widget.getByLabel('Forecast', { exact: true }).selectOption('ahead');
    await widget.getByLabel('Steps').selectOption('day');
    await widget.getByTestId('forecast-outside').waitFor({ state: 'detached' });
    await widget.getByTestId('forecast-interval').waitFor();
    // Stopped keeping: gone from the list and from the organisation.
    await keptRow.getByRole('button', { name: /^Stop keeping the model of / }).click();
    await keptRow.waitFor({ state: 'detached' });
    expect((await api('forecastModels', {})).models).toEqual([]);
    await close();
  });
});
