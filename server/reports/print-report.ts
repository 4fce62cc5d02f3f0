import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium';

/** A report's paper: A4 or US Letter, either way round. */
export interface Paper {
  size: 'A4' | 'Letter';
  landscape: boolean;
}

/** What goes above every page: the organisation's logo and name, and the report's title. */
export interface PageHeader {
  organisation: string;
  /** The logo as stored (a WebP): it goes into the header as a data URL, which Chromium's header can show. */
  logo?: Buffer;
  title: string;
}

export interface PrintRequest {
  /** The print page of the run, its credential in the fragment (render-reports.ts). */
  url: string;
  paper: Paper;
  header: PageHeader;
  signal: AbortSignal;
  /** How far it has got, percent. */
  progress(percent: number): Promise<void>;
}

export interface PrintedReport {
  pdf: Buffer;
  pages: number;
  /** Where its time went, ms: Chromium's page opened, the app loaded, its widgets' data in, the PDF written. */
  timings?: { open: number; load: number; ready: number; pdf: number };
}

/** Why a printing failed, in words for the run's history: the renderer fails the run with this message. */
export class PrintFailure extends Error {
  /** Worth trying again: Chromium crashed or timed out, rather than the report being wrong. */
  readonly transient: boolean;
  constructor(message: string, transient: boolean) {
    super(message);
    this.transient = transient;
  }
}

/** A report's data is fetched by its widgets; past this a printing is given up. */
const READY_TIMEOUT_MS = Number(process.env.REPORT_READY_TIMEOUT_MS ?? 90_000);

/** The margins Chromium keeps for the header and footer, in millimetres. */
const MARGIN_MM = { top: 18, bottom: 14, side: 10 };

/** Paper widths in millimetres (portrait); the page is laid out at the printable width, as it will print. */
const PAPER_MM: Record<Paper['size'], { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  Letter: { width: 215.9, height: 279.4 },
};

const CSS_PX_PER_MM = 96 / 25.4;

/**
 * Prints report pages to PDF with the system's Chromium (chromium.ts), the
 * same browser and layout people see: one browser for the renderer's runs,
 * started on the first and closed by `close`.
 */
export function chromiumPrinter(launchOptions: LaunchOptions = chromiumLaunchOptions()) {
  let browser: Promise<Browser> | undefined;

  async function started(): Promise<Browser> {
    browser ??= chromium.launch(launchOptions).catch((error: Error) => {
      browser = undefined;
      throw new PrintFailure(
        `Chromium could not be started to print the report (${firstLine(error.message)}). Install the ` +
          'chromium-headless-shell package, or set CHROMIUM_PATH to a Chromium.',
        false,
      );
    });
    return browser;
  }

  async function print(request: PrintRequest): Promise<PrintedReport> {
    const begun = performance.now();
    const layout = layoutOf(request.paper);
    const context = await (await started()).newContext({
      viewport: layout.viewport,
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    try {
      const page = await context.newPage();
      // What the page reported going wrong, for the run's history when it never gets ready.
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(firstLine(error.message)));
      page.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(firstLine(message.text()));
      });
      const crashed = new Promise<never>((_, reject) => {
        page.on('crash', () => reject(new PrintFailure('Chromium crashed while printing the report.', true)));
      });
      crashed.catch(() => undefined);
      const aborted = abortedBy(request.signal);
      const race = <T>(step: Promise<T>) => Promise.race([step, crashed, aborted]);
      const opened = performance.now();
      await race(page.goto(request.url, { waitUntil: 'load' }));
      const loaded = performance.now();
      await request.progress(20);
      const state = await race(waitForReady(page, pageErrors));
      if (state.state === 'failed') {
        throw new PrintFailure(`The report could not be made: ${state.problems.join('; ')}`, false);
      }
      const ready = performance.now();
      await request.progress(70);
      // The layout as on screen: the grid's breakpoints are screen media queries, which print media skips.
      await race(page.emulateMedia({ media: 'screen' }));
      const pdf = await race(
        page.pdf({
          format: request.paper.size,
          landscape: request.paper.landscape,
          scale: layout.scale,
          printBackground: true,
          displayHeaderFooter: true,
          headerTemplate: headerHtml(request.header),
          footerTemplate: FOOTER_HTML,
          margin: {
            top: `${MARGIN_MM.top}mm`,
            bottom: `${MARGIN_MM.bottom}mm`,
            left: `${MARGIN_MM.side}mm`,
            right: `${MARGIN_MM.side}mm`,
          },
        }),
      );
      const written = performance.now();
      return {
        pdf,
        pages: countPages(pdf),
        timings: { open: opened - begun, load: loaded - opened, ready: ready - loaded, pdf: written - ready },
      };
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  return {
    print,
    async close(): Promise<void> {
      const open = browser;
      browser = undefined;
      await (await open?.catch(() => undefined))?.close();
    },
  };
}

export type ReportPrinter = ReturnType<typeof chromiumPrinter>;

/** The print page says when its widgets have their data (data-report-state), and what went wrong if anything did. */
async function waitForReady(
  page: import('playwright-core').Page,
  pageErrors: readonly string[],
): Promise<{ state: 'ready' } | { state: 'failed'; problems: string[] }> {
  const root = page.locator('html[data-report-state]');
  try {
    await root.waitFor({ state: 'attached', timeout: READY_TIMEOUT_MS });
  } catch {
    const said = pageErrors.length > 0 ? ` The page said: ${pageErrors.slice(0, 3).join('; ')}` : '';
    throw new PrintFailure(
      `The report's data did not load within ${READY_TIMEOUT_MS / 1000} s: the server may be too busy.${said}`,
      true,
    );
  }
  const state = await root.getAttribute('data-report-state');
  if (state === 'ready') return { state: 'ready' };
  const problems = JSON.parse((await root.getAttribute('data-report-problems')) ?? '[]') as string[];
  return { state: 'failed', problems: problems.length > 0 ? problems : ['the page could not be shown'] };
}

/**
 * The width a report is laid out at: at least the layouts' two-column
 * breakpoint (Chakra's md, 768 px), so a portrait page shows half-width cards
 * side by side as a laptop does, then scaled down to the paper.
 */
const MIN_LAYOUT_PX = 800;

/** The page's viewport, and the scale that fits it to the printable width. */
function layoutOf(paper: Paper): { viewport: { width: number; height: number }; scale: number } {
  const { width, height } = PAPER_MM[paper.size];
  const across = paper.landscape ? height : width;
  const down = paper.landscape ? width : height;
  // A few pixels short of the printable width: Chromium's rounding otherwise cuts the right-hand border off.
  const printable = Math.floor((across - 2 * MARGIN_MM.side) * CSS_PX_PER_MM) - 4;
  const layoutWidth = Math.max(printable, MIN_LAYOUT_PX);
  const scale = printable / layoutWidth;
  return {
    viewport: {
      width: layoutWidth,
      height: Math.floor(((down - MARGIN_MM.top - MARGIN_MM.bottom) * CSS_PX_PER_MM) / scale),
    },
    scale,
  };
}

/**
 * Chromium's header is a page of its own: styles inline, sizes explicit (its
 * default font size is 0), images as data URLs. Names are the organisation's
 * words, so they are escaped.
 */
function headerHtml({ organisation, logo, title }: PageHeader): string {
  const image = logo
    ? `<img src="data:image/webp;base64,${logo.toString('base64')}" style="height:16px;max-width:60px;object-fit:contain" alt="">`
    : '';
  return `<div style="${HEADER_STYLE}"><span style="display:flex;align-items:center;gap:6px">${image}<b>${escapeHtml(organisation)}</b></span><span>${escapeHtml(title)}</span></div>`;
}

const HEADER_STYLE =
  'width:100%;margin:0 10mm;display:flex;justify-content:space-between;align-items:center;' +
  'font-family:system-ui,sans-serif;font-size:9px;color:#444';

/** Page numbers as Chromium fills them in: "3 / 10", the same in every language. */
const FOOTER_HTML =
  '<div style="width:100%;margin:0 10mm;text-align:right;font-family:system-ui,sans-serif;font-size:9px;color:#444">' +
  '<span class="pageNumber"></span> / <span class="totalPages"></span></div>';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string,
  );
}

/** Chromium writes one page object per page ("/Type /Page"), the tree's nodes being "/Type /Pages". */
function countPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
}

function abortedBy(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    const stop = () =>
      reject(new PrintFailure('The printing was stopped: the server is shutting down.', true));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? text;
}
