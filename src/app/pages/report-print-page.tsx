import { Box, Text } from '@chakra-ui/react';
import { type QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { takePrintCredential } from '../../api/print-credential';
import { createQueryClient } from '../../data/query-client';
import { reportQuery } from '../../data/reports';
import { useWidgetRegistry, type WidgetRegistry } from '../../engine/render/widget-registry';
import type { LoadedLayout } from '../../engine/validation/check-layout';
import { formatIssue } from '../../engine/validation/issue';
import { api } from '../../generated/api-client';
import { i18next, LOCALE_NAMES, type Locale, wantWidgetWords } from '../../i18n/i18n';
import { applyLocaleFonts } from '../../i18n/locale-fonts';
import { loadPageWidgets } from '../../layouts/load-page-widgets';
import { applyTheme } from '../../settings/apply-theme';
import { DEFAULT_SETTINGS } from '../../settings/settings';
import { ReportDocument } from './report-document';
import { reportFrameOf } from './report-frame';

const KEPT_WHOLE = '[data-row], .chakra-card__root';

const PRINT_BREAKS = {
  '& [data-row]': { breakInside: 'avoid' },
  '& .chakra-card__root': { breakInside: 'avoid' },
  // Taller than a page, it breaks where it must, rather than leaving a blank page before it and spilling anyway.
  '& [data-taller-than-page]': { breakInside: 'auto' },
} as const;

/**
 * Nothing loading for this long, and the report is taken as drawn: a few frames, enough for a widget whose
 * next request follows its first's answer (a data point's readings after its search) to have asked for it,
 * and for a chart's measured size to be drawn.
 */
const SETTLE_MS = 60;
/** How often the page looks whether anything is still loading. */
const LOOK_EVERY_MS = 20;

/**
 * A report's run as the renderer's Chromium prints it, and its preview on
 * screen (no run: the report as it would be made now, read with the
 * signed-in person's session) (server/reports/
 * print-report.ts): no menus, light colours, the run's language, data read
 * with the print credential from the address. Once every widget has its data
 * the page says so on <html data-report-state>, "ready" or "failed" with the
 * problems a reader would have seen (data-report-problems), so no broken
 * report is printed.
 */
export function ReportPrintPage() {
  const { reportId } = useParams();
  const [search] = useSearchParams();
  const [client] = useState(() => createQueryClient({ retry: 2, staleTime: Number.POSITIVE_INFINITY }));
  // Before the first request: the credential is read from the address once, and taken out of it.
  useState(() => takePrintCredential());
  const locale = search.get('lng');
  useEffect(() => {
    wantWidgetWords();
    applyTheme({ ...DEFAULT_SETTINGS, theme: 'default' });
    // Paper is white: the app's tinted background would print as a grey sheet behind the cards.
    document.documentElement.style.background = 'white';
    document.body.style.background = 'white';
    if (locale && isLocale(locale)) {
      void i18next.changeLanguage(locale);
      document.documentElement.lang = locale;
      applyLocaleFonts(locale);
    }
  }, [locale]);
  return (
    <QueryClientProvider client={client}>
      {/* Pages break between rows where they can, and never inside a card. */}
      <Box data-testid="report-print" css={PRINT_BREAKS}>
        <PrintedReport
          id={Number(reportId)}
          runId={search.has('run') ? Number(search.get('run')) : undefined}
          client={client}
        />
      </Box>
    </QueryClientProvider>
  );
}

/** A run as it prints; without a run, a preview: the report as it would be made now. */
function PrintedReport({ id, runId, client }: { id: number; runId?: number; client: QueryClient }) {
  const { t } = useTranslation();
  const answer = useQuery(printedReportQuery(id, useWidgetRegistry()));
  const [loaded, setLoaded] = useState<LoadedLayout>();
  const data = answer.data;
  const run = runId === undefined ? undefined : data?.runs.find((entry) => entry.id === runId);
  const frame = useMemo(
    () => (data && (run || runId === undefined) ? reportFrameOf(data.report, run) : undefined),
    [data, run, runId],
  );
  const failure = answer.isError
    ? answer.error.message
    : data && runId !== undefined && !run
      ? `run ${runId} is not one of this report's latest runs`
      : undefined;
  useReadiness(client, loaded, failure);
  if (failure) return <Text role="alert">{t('reportPrint.noReport', { message: failure })}</Text>;
  if (!data || !frame) return <Text aria-busy="true">{t('reportPrint.preparing')}</Text>;
  const report = (
    <ReportDocument title={data.report.title} document={data.document} frame={frame} onLoaded={setLoaded} />
  );
  // A run prints edge to edge within the paper's margins; its preview on screen keeps off the window's edges.
  return runId === undefined ? <PreviewSheet>{report}</PreviewSheet> : report;
}

/** The preview's report, away from the window's edges and no wider than reads well on a wide screen. */
function PreviewSheet({ children }: { children: ReactNode }) {
  return (
    <Box maxW="1200px" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }}>
      {children}
    </Box>
  );
}

/**
 * Marks the page ready once no request is in flight and nothing shows as
 * loading for SETTLE_MS; or failed, with the layout's issues and whatever
 * the page shows as an error.
 */
function useReadiness(client: QueryClient, loaded: LoadedLayout | undefined, failure: string | undefined) {
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current) return;
    if (failure) {
      mark([failure]);
      marked.current = true;
      return;
    }
    if (!loaded) return;
    let quietSince = performance.now();
    const timer = window.setInterval(() => {
      const busy = client.isFetching() > 0 || document.querySelector('[aria-busy="true"]') !== null;
      if (busy) quietSince = performance.now();
      if (busy || performance.now() - quietSince < SETTLE_MS) return;
      window.clearInterval(timer);
      marked.current = true;
      const shown = [...document.querySelectorAll('[role="alert"]')].map(
        (element) => element.textContent ?? '',
      );
      markTallerThanPage();
      mark([...loaded.issues.map(formatIssue), ...shown.filter((text) => text.trim() !== '')]);
    }, LOOK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [client, loaded, failure]);
}

/** The report with what its widgets need loaded (loadPageWidgets), so it renders in one piece, as a stored page does. */
function printedReportQuery(id: number, registry: WidgetRegistry) {
  return queryOptions({
    queryKey: [...reportQuery(id).queryKey, 'with widgets'] as const,
    queryFn: async () => {
      const answer = await api.report({ id });
      await loadPageWidgets(registry, answer.document);
      return answer;
    },
  });
}

function isLocale(text: string): text is Locale {
  return Object.hasOwn(LOCALE_NAMES, text);
}

/**
 * The rows and cards too tall for one page. The renderer's viewport is one
 * page's printable height (print-report.ts), so the window's height is a page.
 */
function markTallerThanPage(): void {
  for (const element of document.querySelectorAll<HTMLElement>(KEPT_WHOLE)) {
    if (element.getBoundingClientRect().height > window.innerHeight) element.dataset.tallerThanPage = '';
  }
}

function mark(problems: string[]): void {
  const root = document.documentElement;
  performance.mark('report-ready');
  root.dataset.reportProblems = JSON.stringify(problems);
  root.dataset.reportState = problems.length > 0 ? 'failed' : 'ready';
}
