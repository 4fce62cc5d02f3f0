import type {
  Browser,
  BrowserContext,
  ConsoleMessage,
  Page,
  Request,
  Response,
  WebError,
} from 'playwright-core';
import { contracts, type EndpointName } from '../../src/generated/api-contracts';
import { contractBreaches } from './contract-answers';
import { type EndpointLabel, endpointLabel, isContract } from './endpoint-names';
import { LOADING_MARKERS } from './in-app';
import { isStreamRequest, untilQuiet } from './quiet-network';

/**
 * Watches every browser context of an e2e test for what a person would see
 * as a failure: an answer of 4xx or 5xx from the app's own server, an uncaught
 * exception, an error in the console, and, once the page has settled, a
 * widget still loading or showing an alert. Whatever the test did not declare
 * it expects fails the test (tests/browser/e2e-setup.ts checks after each).
 */

/**
 * Hosts the closed network of the test machines cannot reach, which the app
 * fetches from on purpose: only OpenStreetMap's tiles under the map widget
 * (widgets/map, unless VITE_MAP_TILE_URL points elsewhere at build time).
 */
const UNREACHABLE_HOSTS = new Set([
  new URL(process.env.VITE_MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png').host,
]);

// LOADING_MARKERS: `state` widgets are excluded below, as their state is their content.
/**
 * What a failed widget or page shows: the renderer's error card, a layout's
 * problems above the page, every alert the widgets raise, and the 404 and
 * 500 pages.
 */
const FAILURE_MARKERS =
  '[role="alert"], [data-testid="error-card"], [data-testid="page-issues"], [data-widget="error-page"]';

/** A page has settled once nothing is in flight and nothing loads for this long. */
const QUIET_MS = 200;
const SETTLE_TIMEOUT_MS = 45_000;

/** One answer from the app's own server. */
export interface ObservedCall {
  label: EndpointLabel;
  method: string;
  path: string;
  status: number;
  /** The address of the page that made the call, without the origin. */
  page: string;
}

/** What the test declared it expects to go wrong, each marked once it happens. */
interface Expected<T> {
  what: T;
  describe: string;
  seen: boolean;
}

class TestWatch {
  readonly contexts: ContextWatch[] = [];
  readonly failures: Expected<{ label: EndpointLabel; status: number }>[] = [];
  readonly consoleErrors: Expected<RegExp>[] = [];
  readonly alerts: Expected<RegExp>[] = [];
  /**
   * The test restarts the server (expectServerRestart): a connection to it refused meanwhile, or a
   * request shed while it drains, is no failure.
   */
  restartsServer = false;

  /** Is this failing answer declared? Marks the declaration as met. */
  expects(call: ObservedCall): boolean {
    const declared = this.failures.find(
      ({ what }) => what.label === call.label && what.status === call.status,
    );
    if (declared) declared.seen = true;
    return declared !== undefined;
  }

  matches(list: Expected<RegExp>[], text: string): boolean {
    const declared = list.find(({ what }) => what.test(text));
    if (declared) declared.seen = true;
    return declared !== undefined;
  }

  unmet(): string[] {
    return [...this.failures, ...this.consoleErrors, ...this.alerts]
      .filter((expected) => !expected.seen)
      .map((expected) => `declared ${expected.describe}, which never happened`);
  }
}

/** Everything one browser context saw. */
class ContextWatch {
  readonly calls: ObservedCall[] = [];
  /** Undeclared failures, each a sentence naming the page. */
  readonly problems: string[] = [];
  /** The undeclared failing answers among them, with the page that made each, for takeShownFailure. */
  private readonly failedCalls: { call: ObservedCall; page: Page | undefined }[] = [];
  /** The test reads this context's failures itself (see takeShownFailure). */
  inspected = false;
  private readonly inFlight = new Set<Request>();
  private readonly pending: Promise<void>[] = [];
  private finished: Promise<void> | undefined;

  constructor(
    readonly context: BrowserContext,
    private readonly origin: string,
    private readonly test: TestWatch,
  ) {
    // A live stream stays open for its page's life: a page settles around it, not after it.
    context.on(
      'request',
      (request) => this.ownOrigin(request) && !isStreamRequest(request) && this.inFlight.add(request),
    );
    context.on('requestfinished', (request) => this.inFlight.delete(request));
    context.on('requestfailed', (request) => this.inFlight.delete(request));
    context.on('response', (response) => {
      if (this.ownOrigin(response.request())) this.pending.push(this.answered(response));
    });
    context.on('console', (message) => this.consoleMessage(message));
    context.on('weberror', (error) => this.uncaught(error));
  }

  private ownOrigin(request: Request): boolean {
    return new URL(request.url()).origin === this.origin;
  }

  private async answered(response: Response): Promise<void> {
    const request = response.request();
    const url = new URL(request.url());
    const call: ObservedCall = {
      label: endpointLabel(request.method(), url, request.headers()),
      method: request.method(),
      path: url.pathname,
      status: response.status(),
      page: pageOf(request),
    };
    this.calls.push(call);
    if (call.status < 300) {
      await this.checkAgainstContract(call, response);
      return;
    }
    if (call.status < 400 || this.test.expects(call) || this.drainingForRestart(response)) return;
    this.failedCalls.push({ call, page: pageObjectOf(request) });
    const body = await response.text().catch(() => '(body not available)');
    this.problems.push(
      `${call.label} (${call.method} ${call.path}) answered ${call.status} on ${call.page}: ${body.slice(0, 300)}`,
    );
  }

  /**
   * A server told to stop drains: a request that reaches it on a connection
   * still open is shed with 503 and `Connection: close` (Fastify's
   * return503OnClosing), and the page tries again once it is back. In a test
   * that restarts the server, that is the restart, not a failure.
   */
  private drainingForRestart(response: Response): boolean {
    return (
      this.test.restartsServer &&
      response.status() === 503 &&
      response.headers().connection === 'close' &&
      this.ownOrigin(response.request())
    );
  }

  /** A successful answer from a contract's endpoint must keep the contract, or the test fails. */
  private async checkAgainstContract(call: ObservedCall, response: Response): Promise<void> {
    // A stream's body never ends while its page is open; its events are held to the contract by the server's tests.
    if (!isContract(call.label) || isStreamContract(call.label)) return;
    // A page that navigates away may take the body with it: what cannot be read cannot be judged.
    const body = await response.text().catch(() => undefined);
    if (body === undefined) return;
    const breaches = contractBreaches(call.label, response.headers()['content-type'] ?? '', body);
    if (breaches.length === 0) return;
    this.problems.push(
      `${call.label} (${call.method} ${call.path}) answered ${call.status} on ${call.page} with a body ` +
        `that breaks its contract (schemas/api/${call.label}.schema.json): ${breaches.slice(0, 5).join('; ')}`,
    );
  }

  private consoleMessage(message: ConsoleMessage): void {
    if (message.type() !== 'error') return;
    const text = message.text();
    const source = message.location().url;
    // The browser's own line for a failed load: answers from our server are judged above, with their
    // endpoint and body; hosts this network cannot reach are expected to fail.
    if (text.startsWith('Failed to load resource') && source) {
      const from = new URL(source);
      if (from.origin === this.origin && /status of \d{3}/.test(text)) return;
      if (UNREACHABLE_HOSTS.has(from.host)) return;
      if (from.origin === this.origin && this.test.restartsServer && text.includes('ERR_CONNECTION_REFUSED'))
        return;
    }
    if (this.test.matches(this.test.consoleErrors, text)) return;
    this.problems.push(
      `console error on ${pathOf(message.page()?.url())}: ${text}${source ? ` (from ${source})` : ''}`,
    );
  }

  private uncaught(error: WebError): void {
    if (isPlaywrightsOwnEval(error.error())) return;
    this.problems.push(`uncaught exception on ${pathOf(error.page()?.url())}: ${error.error().stack}`);
  }

  /**
   * The requests of this page still on their way. Only the page's own: a page
   * closed with a request open never reports it finished or failed, and that
   * request would otherwise hold every later page of the context unsettled.
   */
  private inFlightOn(page: Page): Request[] {
    return [...this.inFlight].filter((request) => pageObjectOf(request) === page);
  }

  /** See networkQuiet below. */
  networkQuiet(page: Page): Promise<void> {
    return untilQuiet(page, () => this.inFlightOn(page).length, SETTLE_TIMEOUT_MS);
  }

  /** Waits for each open page to settle and records what it still shows; once per context. */
  finish(): Promise<void> {
    this.finished ??= (async () => {
      for (const page of this.context.pages()) {
        // A test that reads the failures itself has read what it needs from its pages.
        if (!page.isClosed() && !this.inspected) this.problems.push(...(await this.settledProblems(page)));
      }
      await Promise.all(this.pending);
    })();
    return this.finished;
  }

  /** See takeShownFailure below. */
  async takeShownFailure(page: Page): Promise<{ failedCalls: ObservedCall[]; alerts: string[] }> {
    this.inspected = true;
    const shown = await settled(page, () => this.inFlightOn(page).map((request) => request.url()), {
      untilAlert: true,
    });
    await Promise.all(this.pending);
    const failedCalls = this.failedCalls.filter((failed) => failed.page === page).map(({ call }) => call);
    return { failedCalls, alerts: shown.alerts };
  }

  /** The page's loading markers and undeclared alerts once it has settled, or why it did not settle. */
  async settledProblems(page: Page): Promise<string[]> {
    const where = pathOf(page.url());
    const requests = () =>
      this.inFlightOn(page).map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
    const shown = await settled(page, requests).catch(
      (error: Error): Shown => ({
        settled: false,
        busy: [],
        loading: [],
        alerts: [`the page could not be inspected: ${error.message}`],
      }),
    );
    const problems: string[] = [];
    if (!shown.settled) {
      problems.push(
        `${where} did not settle within ${SETTLE_TIMEOUT_MS / 1000} s` +
          (shown.busy.length > 0 ? `; busy last with ${shown.busy.join(', ')}` : ''),
      );
    }
    problems.push(...shown.loading.map((marker) => `${where} still shows a loading ${marker}`));
    for (const alert of shown.alerts) {
      if (!this.test.matches(this.test.alerts, alert)) problems.push(`${where} shows an alert: "${alert}"`);
    }
    return problems;
  }
}

interface Shown {
  settled: boolean;
  /** What kept the page from settling when last it was not quiet: requests in flight and loading markers. */
  busy: string[];
  loading: string[];
  alerts: string[];
}

/**
 * Waits until nothing is in flight and no loading marker shows for QUIET_MS
 * (or, with `untilAlert`, until an alert shows), then reads what the page shows.
 * The markers are watched inside the page, frame by frame; the requests here.
 */
async function settled(page: Page, inFlight: () => string[], { untilAlert = false } = {}): Promise<Shown> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  // Polled in the page every frame: no loading marker (or, with untilAlert, an alert) shows.
  const done = `(() => {
    const shown = (${shownIn})(${JSON.stringify(SELECTORS)});
    return shown.loading.length === 0 || (${untilAlert} && shown.alerts.length > 0);
  })()`;
  let busy: string[] = [];
  for (;;) {
    await page
      .waitForFunction(done, undefined, { polling: 'raf', timeout: Math.max(1, deadline - Date.now()) })
      .catch(() => {});
    let shown = await markersShown(page);
    if (untilAlert && shown.alerts.length > 0) return { settled: true, busy, ...shown };
    if (shown.loading.length === 0 && inFlight().length === 0) {
      await page.waitForTimeout(QUIET_MS);
      shown = await markersShown(page);
      if (untilAlert && shown.alerts.length > 0) return { settled: true, busy, ...shown };
    }
    const now = [...inFlight(), ...shown.loading];
    if (now.length === 0 && untilAlert) return { settled: true, busy, ...(await alertAfterGrace(page)) };
    if (now.length === 0) return { settled: true, busy, ...shown };
    busy = now;
    if (Date.now() > deadline) return { settled: false, busy, ...shown };
    await page.waitForTimeout(50);
  }
}

const SELECTORS = { loadingMarkers: LOADING_MARKERS, failureMarkers: FAILURE_MARKERS };

/**
 * A quiet page may be between two steps with nothing marked, as when the
 * session, having failed, hands over to the error page on a busy machine: a
 * failure a person sees within this long after is still shown to them. With
 * two e2e files side by side on two cores, '/sites with appConfig broken' once
 * showed its 500 page later than 3 s after the page went quiet (it shows in
 * time when the file runs alone, run after run).
 */
const ALERT_GRACE_MS = 10_000;

/** What the page shows once an alert appears, or after ALERT_GRACE_MS without one. */
async function alertAfterGrace(page: Page): Promise<Pick<Shown, 'loading' | 'alerts'>> {
  const alertShown = `(${shownIn})(${JSON.stringify(SELECTORS)}).alerts.length > 0`;
  await page
    .waitForFunction(alertShown, undefined, { polling: 'raf', timeout: ALERT_GRACE_MS })
    .catch(() => {});
  return markersShown(page);
}

/** The visible loading markers (described by their widget) and the text of each visible alert. */
function markersShown(page: Page): Promise<Pick<Shown, 'loading' | 'alerts'>> {
  return page.evaluate(shownIn, SELECTORS);
}

/** Runs in the page, and must stand alone there: see markersShown. */
function shownIn({ loadingMarkers, failureMarkers }: { loadingMarkers: string; failureMarkers: string }) {
  const shown = (selector: string) =>
    Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
      (element) => element.checkVisibility() && !element.closest('[data-widget="state"]'),
    );
  return {
    loading: shown(loadingMarkers).map((element) => {
      const marker = element.dataset.testid ?? `[aria-busy] ${element.tagName.toLowerCase()}`;
      const widget = element.closest<HTMLElement>('[data-widget]');
      return widget ? `${marker} in widget ${widget.dataset.widget} at ${widget.dataset.pointer}` : marker;
    }),
    alerts: shown(failureMarkers)
      // An error card is itself an alert: each once.
      .filter((element, index, all) => all.indexOf(element) === index)
      .map((element) => element.innerText.replace(/\s+/g, ' ').trim().slice(0, 300)),
  };
}

/**
 * Playwright's waitForFunction first compiles its predicate with eval inside
 * the page, which the app's Content-Security-Policy refuses, as it should;
 * Playwright then waits another way. That refusal is the test's, not the app's:
 * its stack is Playwright's evaluation, with no address of the app's scripts.
 */
function isPlaywrightsOwnEval(error: Error): boolean {
  const stack = error.stack ?? '';
  return (
    error.name === 'EvalError' && /eval at evaluate \(:\d+:\d+\)/.test(stack) && !/https?:\/\//.test(stack)
  );
}

function pageObjectOf(request: Request): Page | undefined {
  try {
    return request.frame().page();
  } catch {
    // A service worker's request has no frame.
    return undefined;
  }
}

function pageOf(request: Request): string {
  return pathOf(pageObjectOf(request)?.url());
}

function pathOf(url: string | undefined): string {
  if (!url) return '(no page)';
  const parsed = new URL(url);
  return parsed.protocol.startsWith('http') ? `${parsed.pathname}${parsed.search}` : url;
}

// ---- One watch per test, in this worker ----

const watches = new WeakMap<BrowserContext, ContextWatch>();
/** The running test's watch; contexts made outside any test (in beforeAll) go to `outside`. */
let current: TestWatch | undefined;
let outside = new TestWatch();
const watching = () => current ?? outside;

/**
 * Watches every context the browser makes from now on (and so every page:
 * browser.newPage makes a context too). Closing a context first lets its
 * pages settle and records what they show.
 */
export function watchBrowser(browser: Browser, origin: string): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const test = watching();
    const watch = new ContextWatch(context, origin, test);
    watches.set(context, watch);
    test.contexts.push(watch);
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      await watch.finish();
      await close(closeOptions);
    };
    return context;
  };
}

/** Declares that this test makes the server answer `label` with `status`, such as a wrong password's 400. */
export function expectApiFailure(label: EndpointLabel, status: number): void {
  watching().failures.push({
    what: { label, status },
    describe: `expectApiFailure(${label}, ${status})`,
    seen: false,
  });
}

/** Declares a console error this test provokes on purpose. */
export function expectConsoleError(pattern: RegExp): void {
  watching().consoleErrors.push({ what: pattern, describe: `expectConsoleError(${pattern})`, seen: false });
}

/**
 * Declares that this test restarts the app's server: a page's request that
 * finds it down (connection refused) or draining (503, connection closed) is
 * part of the test, not a failure.
 * Whether one does depends on when the page's retries fall, so it is not
 * required to happen.
 */
export function expectServerRestart(): void {
  watching().restartsServer = true;
}

/** Declares an alert this test leaves on screen on purpose, such as a layout's error card. */
export function expectAlert(pattern: RegExp): void {
  watching().alerts.push({ what: pattern, describe: `expectAlert(${pattern})`, seen: false });
}

/**
 * Lets the page settle and throws if it shows a widget loading or an
 * undeclared alert: for tests that visit many pages in one, where the end
 * of the test sees only the last.
 */
export async function expectPageSettled(page: Page): Promise<void> {
  const watch = watches.get(page.context());
  if (!watch) throw new Error('the page was not opened through the app under test');
  const problems = await watch.settledProblems(page);
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/**
 * For tests about failures themselves: waits until the page shows an alert
 * (or settles without one), and hands the test the failing answers to calls
 * this page made and the alerts it shows. From then on the page's context
 * fails no test: its failures are the test's to judge.
 */
export async function takeShownFailure(
  page: Page,
): Promise<{ failedCalls: ObservedCall[]; alerts: string[] }> {
  const watch = watches.get(page.context());
  if (!watch) throw new Error('the page was not opened through the app under test');
  return watch.takeShownFailure(page);
}

/**
 * Waits until the page has no request of its own in flight, live streams
 * aside, for QUIET_MS: what Playwright's 'networkidle' cannot tell a page
 * with a live stream open, which is never idle.
 */
export async function networkQuiet(page: Page): Promise<void> {
  const watch = watches.get(page.context());
  if (!watch) throw new Error('the page was not opened through the app under test');
  await watch.networkQuiet(page);
}

/** The calls a context has seen so far. */
export function callsOf(context: BrowserContext): ObservedCall[] {
  return [...(watches.get(context)?.calls ?? [])];
}

export function beginTest(): void {
  current = new TestWatch();
}

/**
 * Ends the test's watch (or, with `outsideTests`, the watch of contexts made
 * outside any test): contexts still open settle and close, and the result is
 * every undeclared failure, every declaration that never came true, and the
 * contracts called.
 */
export async function endTest({ outsideTests = false } = {}): Promise<{
  failures: string[];
  contracts: EndpointName[];
}> {
  const test = outsideTests ? outside : (current ?? new TestWatch());
  if (outsideTests) outside = new TestWatch();
  else current = undefined;
  for (const watch of test.contexts) {
    await watch.finish();
    await watch.context.close().catch(() => {});
  }
  const failures = [
    ...test.contexts.filter((watch) => !watch.inspected).flatMap((watch) => watch.problems),
    ...test.unmet(),
  ];
  const contracts = new Set(
    test.contexts.flatMap((watch) => watch.calls.map((call) => call.label)).filter(isContract),
  );
  return { failures, contracts: [...contracts].sort() };
}

function isStreamContract(label: EndpointName): boolean {
  return 'stream' in contracts[label];
}
