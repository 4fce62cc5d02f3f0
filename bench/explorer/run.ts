/**
 * npm run bench:explorer [-- --scale 0.05] — the Data Explorer from request
 * to painted chart, on the ingestion benchmark's data (200 points × 2 years
 * of quarter hours, Europe/London, written through the product's store so the
 * rollups exist), in Chromium against the real server, on PGlite and, when
 * TEST_DATABASE_URL is set, PostgreSQL. Three cases: (a) 1 point, 2 years,
 * 15 min; (b) 50 points, 1 year, daily; (c) 200 points, 1 month, daily.
 * Beside each, in the same run: the same aggregation over the readings held
 * in Float64Arrays (the lower bound). The headline ratio is the worst API
 * time ÷ lower bound over cases and engines. The paint goal is judged on a
 * page load of the case's address (the page's own start-up runs beside the
 * chart); the same view asked for in an explorer already open is reported
 * beside it. --scale multiplies the points of each case (and so the data
 * loaded); the periods stay.
 */
import { type Browser, chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../server/reports/chromium.ts';
import { reportResult, round } from '../results-file.ts';
import { signIn } from './api-client.ts';
import { buildFrontend, startApp } from './app-server.ts';
import { signedInPage } from './browser.ts';
import { type ExplorerCase, explorerCases } from './cases.ts';
import { benchEngines, type Engine, openEngine, settleAfterLoad } from './engine.ts';
import { createBenchUser, loadPoints } from './load-data.ts';
import { type CaseContext, type CaseFigures, measureCase } from './measure-case.ts';

const scaleArgument = process.argv.indexOf('--scale');
const scale = scaleArgument > 0 ? Number(process.argv[scaleArgument + 1]) : 1;
if (!(scale > 0)) throw new Error(`--scale takes a positive number, not ${process.argv[scaleArgument + 1]}`);
const GOAL_RATIO = 3;
const GOAL_PAINT_MS = 300;

interface Measured {
  engine: Engine;
  explorerCase: ExplorerCase;
  figures: CaseFigures;
  ratio: number;
}

/** One engine: load the data into a fresh database, then measure every case on a server over it. */
async function benchEngine(
  engine: Engine,
  cases: ExplorerCase[],
  outDir: string,
  browser: Browser,
): Promise<Measured[]> {
  const log = (message: string) => console.log(`${engine}: ${message}`);
  const handle = await openEngine(engine);
  try {
    const user = await createBenchUser(handle.db);
    const count = Math.max(...cases.map((explorerCase) => explorerCase.points));
    const points = await loadPoints(handle.db, user.organisationId, count, log);
    await settleAfterLoad(handle);
    const app = await startApp(handle.db, outDir);
    try {
      const page = await signedInPage(browser, app.baseUrl, user);
      const context: CaseContext = {
        baseUrl: app.baseUrl,
        token: await signIn(app.baseUrl, user),
        page,
        pointIds: points.map((point) => point.id),
      };
      try {
        return await measureCases(engine, context, cases, log);
      } finally {
        await page.context().close();
      }
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

async function measureCases(
  engine: Engine,
  context: CaseContext,
  cases: ExplorerCase[],
  log: (message: string) => void,
): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const explorerCase of cases) {
    const figures = await measureCase(context, explorerCase);
    const entry = { engine, explorerCase, figures, ratio: round(figures.apiMs / figures.lowerBoundMs, 2) };
    log(caseLine(entry));
    for (const line of figures.disagreements) log(`  the API and the bound disagree: ${line}`);
    measured.push(entry);
  }
  return measured;
}

function caseLine({ explorerCase, figures, ratio }: Measured): string {
  return [
    `(${explorerCase.id}) ${explorerCase.label}:`,
    `API ${round(figures.apiMs, 1)} ms vs bound ${round(figures.lowerBoundMs, 2)} ms (×${ratio}),`,
    `request → painted ${round(figures.paintMs)} ms on a page load, ${round(figures.viewChangePaintMs)} ms in an open explorer (frame ${round(figures.frameMs)} ms,`,
    `in-browser API ${round(figures.browserApiMs)} ms, ${figures.requests} request(s), width ${figures.width} px,`,
    `answer ${round(figures.answerBytes / 1024, 1)} kB, ${figures.readings} readings)`,
  ].join(' ');
}

/** The result file's figures, named <engine>Case<A|B|C><Figure>. */
function resultFigures(measured: Measured[]) {
  const metrics: Record<string, number> = { scale };
  const reference: Record<string, number> = {};
  for (const { engine, explorerCase, figures, ratio } of measured) {
    const key = `${engine}Case${explorerCase.id.toUpperCase()}`;
    metrics[`case${explorerCase.id.toUpperCase()}Points`] = explorerCase.points;
    metrics[`case${explorerCase.id.toUpperCase()}Readings`] = figures.readings;
    metrics[`${key}ApiMs`] = round(figures.apiMs, 2);
    metrics[`${key}Ratio`] = ratio;
    metrics[`${key}PaintMs`] = round(figures.paintMs, 1);
    metrics[`${key}FrameMs`] = round(figures.frameMs, 1);
    metrics[`${key}ViewChangePaintMs`] = round(figures.viewChangePaintMs, 1);
    metrics[`${key}BrowserApiMs`] = round(figures.browserApiMs, 1);
    metrics[`${key}ChartRequests`] = figures.requests;
    metrics[`${key}Width`] = figures.width;
    metrics[`${key}AnswerKb`] = round(figures.answerBytes / 1024, 1);
    metrics[`${key}Disagreements`] = figures.disagreements.length;
    reference[`${key}LowerBoundMs`] = round(figures.lowerBoundMs, 3);
  }
  metrics.worstPaintMs = round(Math.max(...measured.map((entry) => entry.figures.paintMs)), 1);
  return { metrics, reference };
}

async function main(): Promise<void> {
  const { engines, note } = benchEngines();
  if (note) console.log(note);
  const cases = explorerCases(scale);
  const frontend = await buildFrontend();
  const browser = await chromium.launch(chromiumLaunchOptions());
  const measured: Measured[] = [];
  try {
    for (const engine of engines)
      measured.push(...(await benchEngine(engine, cases, frontend.outDir, browser)));
  } finally {
    await browser.close();
    frontend.remove();
  }

  const worst = measured.reduce((high, entry) => (entry.ratio > high.ratio ? entry : high));
  const { metrics, reference } = resultFigures(measured);
  reportResult(
    {
      name: 'explorer',
      metrics,
      reference,
      ratio: worst.ratio,
      goal: `API answer ≤ ${GOAL_RATIO}× the in-memory lower bound and request → painted ≤ ${GOAL_PAINT_MS} ms for every case on PGlite and PostgreSQL`,
      goalMet: measured.every((entry) => entry.ratio <= GOAL_RATIO && entry.figures.paintMs <= GOAL_PAINT_MS),
    },
    summaryLine(measured, worst, note),
    `≤ ${GOAL_RATIO}× and ≤ ${GOAL_PAINT_MS} ms`,
  );
}

/** The headline of the last line: the worst ratio, the slowest chart and every case in short. */
function summaryLine(measured: Measured[], worst: Measured, note: string | undefined): string {
  const slowest = measured.reduce((high, entry) =>
    entry.figures.paintMs > high.figures.paintMs ? entry : high,
  );
  const perCase = measured
    .map(
      ({ engine, explorerCase, figures, ratio }) =>
        `${engine} ${explorerCase.id} ${round(figures.apiMs, 1)}/${round(figures.lowerBoundMs, 2)} ms ×${ratio} paint ${Math.round(figures.paintMs)} ms (open explorer ${Math.round(figures.viewChangePaintMs)} ms)`,
    )
    .join('; ');
  return [
    `explorer (scale ${scale}${note ? ', PGlite only' : ''}):`,
    `worst API ÷ bound ×${worst.ratio} (${worst.engine} case ${worst.explorerCase.id}),`,
    `slowest request → painted ${Math.round(slowest.figures.paintMs)} ms (${slowest.engine} case ${slowest.explorerCase.id});`,
    perCase,
  ].join(' ');
}

await main();
