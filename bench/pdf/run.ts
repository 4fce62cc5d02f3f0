/**
 * npm run bench:pdf — how long the product takes to print a 10-page report:
 * a queued run of a report on a demo site, printed by the renderer
 * (render-reports.ts: the checks, a Chromium started, the print page loaded
 * with its data, the PDF written and stored), as the render-reports job
 * does it.
 *
 * Beside it, in the same run: Chromium, started the same way, printing a
 * static HTML page of the same size (the same report's page, its scripts
 * taken out, so the same layout and charts with nothing left to load or
 * compute). Ratio: the report's time ÷ the static page's; goal (issue 41) ≤ 2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import monthlyTemplate from '../../layouts/reports/templates/site-energy-month.json';
import type { Database } from '../../server/db/database.ts';
import { chromiumLaunchOptions } from '../../server/reports/chromium.ts';
import {
  chromiumPrinter,
  type PrintedReport,
  type ReportPrinter,
} from '../../server/reports/print-report.ts';
import { renderQueuedReports } from '../../server/reports/render-reports.ts';
import { createReport, runReportNow } from '../../server/reports/reports.ts';
import { localStorage } from '../../server/storage/object-storage.ts';
import { sessionKeeper } from '../../tests/browser/sign-in.ts';
import { withDemoApp } from '../demo-app.ts';
import { median, reportResult, round } from '../results-file.ts';

const RUNS = 5;
const DEMO_DAYS = 35;
const GOAL_RATIO = 2;
const PAGES_WANTED = 10;
/** The template's rows repeated this often: each copy is about one and a quarter pages of A4 portrait. */
const COPIES = 8;

/** The monthly template with its rows repeated, each copy's keys made its own, for a report of about ten pages. */
function tenPageDocument() {
  const rows = Array.from({ length: COPIES }, (_, copy) =>
    monthlyTemplate.rows.map((row) => ({ ...row, key: `${row.key}-${copy}` })),
  ).flat();
  return { ...monthlyTemplate, id: 'reports/bench', rows };
}

async function queueRun(
  db: Database,
  reportId: number,
  organisationId: number,
  userId: string,
): Promise<void> {
  await runReportNow(db, { organisationId, requestedBy: userId }, { reportId, locale: 'en-US' });
}

type Timings = NonNullable<PrintedReport['timings']>;

/** Prints the queued run as the job does; ms, the run's page count, and where the printer's time went. */
async function printOnce(
  db: Database,
  files: string,
  appUrl: string,
): Promise<{ ms: number; pages: number; timings?: Timings }> {
  const chromium = chromiumPrinter();
  let timings: Timings | undefined;
  const printer: ReportPrinter = {
    ...chromium,
    print: async (request) => {
      const printed = await chromium.print(request);
      timings = printed.timings;
      return printed;
    },
  };
  const start = performance.now();
  const { done } = await renderQueuedReports(
    db,
    localStorage(files),
    { appUrl, printer },
    new AbortController().signal,
  );
  const ms = performance.now() - start;
  if (done !== 1) {
    const failed = await db
      .selectFrom('report_runs')
      .select('error')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    throw new Error(`the report was not printed: ${failed?.error}`);
  }
  const run = await db
    .selectFrom('report_runs')
    .select('pages')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { ms, pages: run.pages ?? 0, timings };
}

/** Chromium started as the renderer starts it, printing the static page to A4 with the same margins; ms. */
async function printStatic(html: string): Promise<{ ms: number; pages: number }> {
  const start = performance.now();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 1100 } });
    await page.setContent(html, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'screen' });
    const pdf = await page.pdf({
      format: 'A4',
      printBackground: true,
      scale: 714 / 800,
      margin: { top: '18mm', bottom: '14mm', left: '10mm', right: '10mm' },
    });
    const ms = performance.now() - start;
    return { ms, pages: pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0 };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  await withDemoApp(DEMO_DAYS, async ({ browser, app, demo, db }) => {
    const files = mkdtempSync(join(tmpdir(), 'insights-bench-pdf-'));
    try {
      const user = await db
        .selectFrom('users')
        .select(['id', 'organisation_id'])
        .where('email', '=', demo.email)
        .executeTakeFirstOrThrow();
      const organisationId = user.organisation_id as number;
      const site = await db
        .selectFrom('entities')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .where('type', '=', 'site')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const report = await createReport(
        db,
        { organisationId, authorId: user.id },
        {
          title: 'Bench, ten pages',
          document: tenPageDocument() as never,
          scope: { kind: 'sites', siteIds: [site.id] },
          period: { kind: 'lastWeek' },
          timeZone: 'Europe/London',
          schedule: null,
        },
      );

      // The static page: the report's print page once drawn, as the renderer's Chromium sees it, without scripts.
      await queueRun(db, report.id, organisationId, user.id);
      const warm = await printOnce(db, files, app.baseUrl);
      const run = await db
        .selectFrom('report_runs')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const context = await browser.newContext({
        viewport: { width: 800, height: 1100 },
        storageState: await sessionKeeper(app.baseUrl)(demo.email, demo.password),
      });
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/print/report/${report.id}?run=${run.id}`);
      await page.locator('html[data-report-state="ready"]').waitFor({ timeout: 60_000 });
      // Emotion writes its rules into the style sheets' CSSOM, not their text: they are copied in as text.
      const rules = await page.evaluate(() =>
        [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
          .join('\n'),
      );
      const html = (await page.content())
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
        .replace(/<link\b[^>]*>/gi, '')
        .replace('</head>', `<style>${rules}</style></head>`);
      await context.close();

      const ours: number[] = [];
      const parts: Timings[] = [];
      const theirs: number[] = [];
      let staticPages = 0;
      for (let index = 0; index < RUNS; index++) {
        await queueRun(db, report.id, organisationId, user.id);
        const made = await printOnce(db, files, app.baseUrl);
        ours.push(made.ms);
        if (made.timings) parts.push(made.timings);
        const printed = await printStatic(html);
        theirs.push(printed.ms);
        staticPages = printed.pages;
        console.log(
          `run ${index + 1} of ${RUNS}: report ${round(ours.at(-1) ?? 0, 0)} ms, static ${round(printed.ms, 0)} ms`,
        );
      }
      if (warm.pages < PAGES_WANTED)
        console.log(`note: the report printed ${warm.pages} pages, not ${PAGES_WANTED}`);
      const reportMs = median(ours);
      const staticMs = median(theirs);
      const ratio = reportMs / staticMs;
      reportResult(
        {
          name: 'pdf',
          metrics: {
            reportMs: round(reportMs, 0),
            reportPages: warm.pages,
            chromiumOpenMs: round(median(parts.map((part) => part.open)), 0),
            appLoadMs: round(median(parts.map((part) => part.load)), 0),
            dataReadyMs: round(median(parts.map((part) => part.ready)), 0),
            pdfWriteMs: round(median(parts.map((part) => part.pdf)), 0),
          },
          reference: { staticHtmlMs: round(staticMs, 0), staticPages },
          ratio: round(ratio),
          goal: `a ${PAGES_WANTED}-page report printed within ${GOAL_RATIO}× the time Chromium takes to print a static HTML page of the same size`,
          goalMet: ratio <= GOAL_RATIO,
        },
        `pdf: ${warm.pages}-page report ${round(reportMs, 0)} ms vs static HTML (${staticPages} pages) ${round(staticMs, 0)} ms, ratio ${round(ratio)}`,
        `ratio ≤ ${GOAL_RATIO}`,
      );
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
  });
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
