import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import alertSummaryTemplate from '../../layouts/reports/templates/alert-summary.json';
import dataQualityTemplate from '../../layouts/reports/templates/data-quality.json';
import portfolioTemplate from '../../layouts/reports/templates/portfolio-benchmark.json';
import monthlyTemplate from '../../layouts/reports/templates/site-energy-month.json';
import type { ReportCreateRequest, ReportGetResponse } from '../../src/generated/api-types';
import { demoAppForThisFile } from './demo-app';
import { demoThermometer } from './gateway';

// What an energy manager sends each month: a site's report, printed by the server's Chromium, whose
// figures are the ones the explorer and the tariffs give for the same site and month.
const demoApp = demoAppForThisFile();

const SITE = 'London – Clerkenwell Office';
const run = promisify(execFile);

/** The demo person's API, as their browser calls it. */
const demoApi = () => demoApp.api();

/** Asks for the report until its run has ended (done or failed), as its page does. */
/** The demo's London office, as the API lists it. */
async function siteOf(api: Awaited<ReturnType<typeof demoApi>>) {
  const site = (await api('sites', {})).sites.find((entry) => entry.entity.name === SITE)?.entity;
  if (!site) throw new Error(`the demo has no site "${SITE}"`);
  return site;
}

async function endedRun(api: Awaited<ReturnType<typeof demoApi>>, reportId: number, runId: number) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { runs } = (await api('report', { id: reportId })) as ReportGetResponse;
    const current = runs.find((entry) => entry.id === runId);
    if (current && (current.status === 'done' || current.status === 'failed')) return current;
    if (Date.now() > deadline) throw new Error(`run ${runId} is still ${current?.status} after 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type Paper = NonNullable<ReportCreateRequest['paper']>;
type Document = ReportCreateRequest['document'];

/** A report of the demo month made now and printed, as its page's "Make now" does: its run, link and PDF. */
async function printedNow(
  api: Awaited<ReturnType<typeof demoApi>>,
  {
    title,
    document,
    siteIds,
    paper,
  }: { title: string; document: Document; siteIds: number[]; paper?: Paper },
) {
  const month = demoMonth();
  const { report } = await api('reportCreate', {
    title,
    document,
    scope: { kind: 'sites', siteIds },
    period: { kind: 'custom', from: month.from, to: month.to },
    timeZone: 'Europe/London',
    ...(paper ? { paper } : {}),
    schedule: null,
  });
  const queued = await api('pdfGenerate', { reportId: report.id, locale: 'en-US' });
  const made = await endedRun(api, report.id, queued.run.id);
  expect(made.error).toBeNull();
  const link = await api('getPdf', { runId: made.id });
  const answer = await fetch(`${demoApp.app.baseUrl}${link.url}`);
  const pdf = Buffer.from(await answer.arrayBuffer());
  return { made, link, pdf, type: answer.headers.get('content-type') };
}

/** A word of a PDF and where it is, in points from its page's top left. */
interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** The PDF's words with their boxes, as poppler's pdftotext reads them. */
async function pdfWords(pdf: Buffer): Promise<PdfWord[]> {
  const folder = await mkdtemp(join(tmpdir(), 'insights-report-'));
  const file = join(folder, 'report.pdf');
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { maxBuffer: 32 << 20 });
  const words: PdfWord[] = [];
  let page = 0;
  for (const line of stdout.split('\n')) {
    if (line.includes('<page ')) page += 1;
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(
      line,
    );
    if (!word) continue;
    const [xMin, yMin, xMax, yMax] = word.slice(1, 5).map(Number) as [number, number, number, number];
    words.push({ page, text: unescapeXml(word[5] as string), xMin, yMin, xMax, yMax });
  }
  return words;
}

/** The first page's size as poppler's pdfinfo names it: "595.276 x 841.89 pts (A4)". */
async function pageSize(pdf: Buffer): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'insights-report-'));
  const file = join(folder, 'report.pdf');
  await writeFile(file, pdf);
  const { stdout } = await run('pdfinfo', [file]);
  return /^Page size:\s+(.+)$/m.exec(stdout)?.[1]?.trim() ?? '';
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Whether the figure is printed with its unit right after it, as a KPI card shows it ("13,321 kWh", the unit raised). */
function printedWithUnit(words: readonly PdfWord[], figure: string, unit: string): boolean {
  const unitStart = unit.split(' ')[0];
  return words.some(
    (number) =>
      number.text === figure &&
      words.some(
        (after) =>
          after.page === number.page &&
          after.text === unitStart &&
          after.xMin - number.xMax >= 0 &&
          after.xMin - number.xMax < 12 &&
          after.yMin < number.yMax &&
          after.yMax > number.yMin,
      ),
  );
}

const whole = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);

/** The local month (YYYY-MM-DD, first and last day) that holds the day a week ago: the demo's readings cover it. */
function demoMonth(): { from: string; to: string } {
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  const year = weekAgo.getUTCFullYear();
  const month = weekAgo.getUTCMonth();
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return { from: `${year}-${pad(month + 1)}-01`, to: `${year}-${pad(month + 1)}-${pad(last)}` };
}

describe('reports printed by Chromium', () => {
  it("prints a site's monthly report whose consumption, cost and CO2 are the explorer's and the tariffs'", async () => {
    const api = await demoApi();
    const site = await siteOf(api);
    const month = demoMonth();
    const { made, link, pdf, type } = await printedNow(api, {
      title: 'Clerkenwell, monthly energy',
      document: monthlyTemplate,
      siteIds: [site.id],
    });
    expect(made).toMatchObject({ status: 'done', progress: 100 });

    // The figures the report shows, asked of the explorer and the tariffs for the same meters and month.
    const meters = (
      await api('getEntitesForDataExplorer', { search: 'electricity', tags: ['fiscal'], siteIds: [site.id] })
    ).dataPoints.filter((point) => point.intent === 'electricity' && point.unit === 'kWh');
    expect(meters.length).toBeGreaterThan(0);
    const window = { from: made.periodFrom, to: made.periodTo };
    const dataPointIds = meters.map((point) => point.id);
    const { summaries } = await api('explorerSummary', {
      dataPointIds,
      ...window,
      resolution: 'hour',
      compare: false,
    });
    const consumption = summaries.reduce((sum, entry) => sum + (entry.current.total ?? 0), 0);
    const { points } = await api('tariffCostAndTime', { dataPointIds, ...window, bucket: 'month' });
    const cost = points.reduce((sum, point) => sum + point.total, 0);
    const co2 = points.reduce((sum, point) => sum + point.co2Kg, 0);
    expect(consumption).toBeGreaterThan(0);

    expect(link.fileName).toBe(`Clerkenwell, monthly energy ${month.from} to ${month.to}.pdf`);
    expect(type).toBe('application/pdf');
    if (process.env.REPORT_PDF_OUT) await writeFile(process.env.REPORT_PDF_OUT, pdf);
    const words = await pdfWords(pdf);
    const text = words.map((word) => word.text).join(' ');
    expect(text).toContain('Clerkenwell, monthly energy');
    expect(printedWithUnit(words, whole(consumption), 'kWh')).toBe(true);
    expect(printedWithUnit(words, whole(cost), 'GBP')).toBe(true);
    expect(printedWithUnit(words, whole(co2), 'kg CO₂')).toBe(true);
    // The organisation's name above each page, and the pages numbered below.
    const pages = Math.max(...words.map((word) => word.page));
    expect(pages).toBe(link.pages);
    for (let page = 1; page <= pages; page++) {
      const onPage = words.filter((word) => word.page === page).map((word) => word.text);
      expect(onPage.slice(0, 2)).toEqual(['Demo', 'Facilities']);
      expect(onPage.join(' ')).toMatch(new RegExp(`${page} ?/ ?${pages}$`));
    }
  }, 120_000);
});

describe('the other templates', () => {
  it('prints the portfolio benchmark, the data quality report and the alert summary of every site, on US Letter turned sideways', async () => {
    const api = await demoApi();
    const sites = (await api('sites', {})).sites.map((entry) => entry.entity);
    const london = await siteOf(api);
    const [meter] = (
      await api('getEntitesForDataExplorer', {
        search: 'electricity',
        tags: ['fiscal'],
        siteIds: [london.id],
      })
    ).dataPoints;
    const printed = async (template: Record<string, unknown>, title: string) => {
      const { pdf } = await printedNow(api, {
        title,
        document: template,
        siteIds: sites.map((site) => site.id),
        paper: { size: 'Letter', landscape: true },
      });
      return { text: (await pdfWords(pdf)).map((word) => word.text).join(' '), size: await pageSize(pdf) };
    };

    const benchmark = await printed(portfolioTemplate, 'Portfolio, benchmark');
    expect(benchmark.size).toBe('792 x 612 pts (letter)');
    expect(benchmark.text).toContain('Sites by electricity');
    expect(benchmark.text).toContain(london.name);
    const quality = await printed(dataQualityTemplate, 'Portfolio, data quality');
    expect(quality.text).toContain('Readings present');
    expect(quality.text).toContain(meter?.name);
    expect(quality.text).toMatch(/\d+ of \d+ data points complete/);
    const alerts = await printed(alertSummaryTemplate, 'Portfolio, alerts');
    expect(alerts.text).toMatch(/Rules that fired|No alert fired/);
  }, 120_000);
});

describe('a report with a floor plan', () => {
  it("prints the plan with its picture and each point's latest value, as the floor plan page lists them", async () => {
    const api = await demoApi();
    const site = await siteOf(api);
    const thermometer = await demoThermometer(demoApp);
    const drawing = await sharp({ create: { width: 800, height: 500, channels: 3, background: PLAN_ORANGE } })
      .png()
      .toBuffer();
    const { plan } = await api(
      'floorPlanCreate',
      { entityId: site.id, name: 'Printed floor' },
      new Blob([drawing], { type: 'image/png' }),
    );
    const placed = await api('floorPlanUpdate', {
      id: plan.id,
      name: plan.name,
      markers: [{ key: 'm1', x: 0.5, y: 0.5, dataPointId: thermometer.id }],
      zones: [],
      colourScale: null,
      baseRevision: plan.revision,
    });
    const latest = placed.plan.points[0]?.latest;
    expect(latest).toBeTruthy();
    const { pdf } = await printedNow(api, {
      title: 'Clerkenwell, the floor',
      document: floorPlanReport(plan.id),
      siteIds: [site.id],
    });
    if (process.env.FLOOR_PLAN_PDF_OUT) await writeFile(process.env.FLOOR_PLAN_PDF_OUT, pdf);
    const text = (await pdfWords(pdf)).map((word) => word.text).join(' ');
    // The list beside the plan, with the point's value: the widget was drawn with the print credential's data.
    expect(text).toContain(thermometer.name);
    const value = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(latest?.value ?? 0);
    expect(text).toContain(`${value} °C`);
    // And the plan's picture under them: the page waited for it before printing (a plan printed before its
    // picture came would be a grey box). An orange picture 800 × 500 fills a good part of an A4 page.
    expect(await shareOfPageIn(pdf, PLAN_ORANGE)).toBeGreaterThan(0.15);
  }, 120_000);
});

const PLAN_ORANGE = '#e8590c';

/** How much of the PDF's first page, rendered by poppler, is this colour (give or take a little). */
async function shareOfPageIn(pdf: Buffer, colour: string): Promise<number> {
  const folder = await mkdtemp(join(tmpdir(), 'insights-report-'));
  await writeFile(join(folder, 'report.pdf'), pdf);
  await run('pdftoppm', [
    '-r',
    '30',
    '-png',
    '-singlefile',
    join(folder, 'report.pdf'),
    join(folder, 'page'),
  ]);
  const { data, info } = await sharp(join(folder, 'page.png'))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16)) as [
    number,
    number,
    number,
  ];
  let matching = 0;
  for (let at = 0; at < data.length; at += 3) {
    const near =
      Math.abs((data[at] ?? 0) - r) + Math.abs((data[at + 1] ?? 0) - g) + Math.abs((data[at + 2] ?? 0) - b);
    if (near < 30) matching += 1;
  }
  return matching / (info.width * info.height);
}

/** A report's layout of one card: the floor plan named. */
function floorPlanReport(planId: number) {
  const card = {
    key: 'plan',
    title: 'The floor',
    widgets: [{ key: 'plan', name: 'floor-plan', data: { planId } }],
  };
  return {
    schemaVersion: 2,
    id: 'reports/floor',
    title: 'The floor',
    rows: [{ key: 'plan', columns: [{ key: 'plan', span: 12, cards: [card] }] }],
  };
}

describe('the reports page', () => {
  it('starts a weekly report for a site, makes it now and opens its PDF; a month without readings fails, saying why, and is deleted', async () => {
    const { page, close } = await demoApp.signedInPage('/reports/all', { acceptDialogs: true });
    const form = page.getByRole('form', { name: 'New report' });
    await form.getByLabel('Site').selectOption({ label: SITE });
    await form.getByLabel('Period').selectOption({ label: 'Last week' });
    await form.getByLabel('Sent').selectOption({ label: 'Made on demand' });
    await form.getByLabel('Title').fill('Clerkenwell, last week');
    expect(await form.getByTestId('next-runs').textContent()).toBe('Made only when someone asks for it.');
    await form.getByRole('button', { name: 'Create report' }).click();

    const weekly = page.getByRole('listitem', { name: 'Clerkenwell, last week' });
    await weekly.getByRole('button', { name: 'Make now' }).click();
    await weekly.locator('[data-testid="report-run"][data-status="done"]').waitFor({ timeout: 60_000 });
    // Its preview: the page the renderer prints, for the period as it stands now, read with the person's session.
    const previewing = page.waitForEvent('popup');
    await weekly.getByRole('link', { name: 'Preview' }).click();
    const preview = await previewing;
    await preview.locator('html[data-report-state="ready"]').waitFor({ timeout: 30_000 });
    await preview.getByRole('heading', { name: 'Clerkenwell, last week' }).waitFor();
    expect(await preview.locator('[data-widget="kpi"]').count()).toBeGreaterThan(0);
    await preview.close();

    // The PDF opens in a tab of its own, by the short-lived link getPdf handed out.
    const fetched = page
      .context()
      .waitForEvent('response', (response) => response.url().includes('/report-files/'));
    await weekly.getByRole('button', { name: /^Open PDF \(\d+ pages?\)$/ }).click();
    const pdf = await fetched;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // The data behind it, day by day: a CSV with a row for each day of last week and a column for each point.
    await weekly
      .getByRole('group', { name: 'The data behind the report, day by day' })
      .getByRole('button', { name: 'CSV' })
      .click();
    const download = weekly.getByRole('link', {
      name: /^Download Clerkenwell, last week \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.csv$/,
    });
    await download.waitFor();
    const csv = await page.request.get(
      new URL((await download.getAttribute('href')) as string, page.url()).href,
    );
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Time \(UTC\),Local time \(Europe\/London\),.+\(kWh, sum\)/);
    expect(lines).toHaveLength(1 + 7);

    // Its layout is edited in the layout editor dashboards use: a card retitled, saved over revision 1.
    await weekly.getByRole('link', { name: 'Edit layout' }).click();
    await page.waitForURL(/\/reports\/\d+\/edit$/);
    const reportId = Number(/\/reports\/(\d+)\/edit$/.exec(page.url())?.[1]);
    // Its widgets show the report's period (last week, by its dates) as it will print, not the dashboard's.
    await page
      .getByTestId('visual-canvas')
      .getByText(/^Per day, [A-Z][a-z]{2} \d{1,2}\s*–\s*(?:[A-Z][a-z]{2} )?\d{1,2}, \d{4}, in kWh$/)
      .first()
      .waitFor();
    await page.locator('[data-card-select]').first().click();
    await page
      .getByTestId('inspector')
      .getByRole('textbox', { name: 'Card title' })
      .fill('Electricity, the week');
    await page.getByTestId('visual-canvas').getByText('Electricity, the week').waitFor();
    await page.getByTestId('save-button').click();
    await page.getByTestId('save-dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('save-state').getByText('All changes saved').waitFor();
    const api = await demoApi();
    const edited = (await api('report', { id: reportId })) as ReportGetResponse;
    expect(edited.report.revision).toBe(2);
    expect(JSON.stringify(edited.document)).toContain('"title":"Electricity, the week"');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/reports\/all$/);

    // The demo's readings start two weeks ago: a month before them has none, whatever the day the test runs on,
    // and its run says so rather than mailing a blank.
    await api('reportCreate', {
      title: 'Clerkenwell, January 2020',
      document: monthlyTemplate,
      scope: { kind: 'sites', siteIds: [(await siteOf(api)).id] },
      period: { kind: 'custom', from: '2020-01-01', to: '2020-01-31' },
      timeZone: 'Europe/London',
      schedule: null,
    });
    await page.reload();
    const monthly = page.getByRole('listitem', { name: 'Clerkenwell, January 2020' });
    await monthly.getByRole('button', { name: 'Make now' }).click();
    await monthly.locator('[data-testid="report-run"][data-status="failed"]').waitFor({ timeout: 60_000 });
    await monthly
      .getByText("There are no readings in the report's scope from 2020-01-01 to 2020-01-31", {
        exact: false,
      })
      .waitFor();
    await monthly.getByRole('button', { name: 'History' }).click();
    const history = monthly.getByRole('list', { name: "the report's runs" });
    await history.waitFor();
    expect(await history.getByRole('listitem').count()).toBe(1);

    // A report nobody wants goes, with its runs, once the person says yes.
    await monthly.getByRole('button', { name: 'Delete' }).click();
    await monthly.waitFor({ state: 'detached' });
    expect(await page.getByRole('listitem', { name: 'Clerkenwell, last week' }).count()).toBe(1);
    await close();
  }, 120_000);
});

describe("the organisation's holidays", () => {
  it('adds a holiday on the organisation page, which the API then holds, and takes it off again', async () => {
    const { page, close } = await demoApp.signedInPage('/organisation');
    const form = page.getByRole('form', { name: 'Add a holiday' });
    await form.getByLabel('Date').fill('2031-12-26');
    await form.getByLabel('Name').fill('Boxing Day');
    await form.getByRole('button', { name: 'Add' }).click();
    const table = page.getByRole('table', { name: 'the holidays' });
    await table.getByRole('row', { name: /Fri, Dec 26, 2031\s*Boxing Day/ }).waitFor();
    const api = await demoApi();
    expect((await api('holidays', {})).holidays).toContainEqual({ date: '2031-12-26', name: 'Boxing Day' });

    await page.getByRole('button', { name: 'Remove Boxing Day' }).click();
    await page.getByText('Boxing Day (Fri, Dec 26, 2031) is a working day again.').waitFor();
    expect((await api('holidays', {})).holidays).not.toContainEqual({
      date: '2031-12-26',
      name: 'Boxing Day',
    });
    await close();
  });
});
