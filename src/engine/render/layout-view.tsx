import { Alert, Box, Code, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePeriodProvider, pagePeriodOf } from '../../data/page-period';
import { PageScopeProvider } from '../../data/page-scope';
import type { FixedPeriod } from '../../data/periods';
import type { PointScope } from '../../data/point-search';
import { SaidOnceProvider } from '../../data/said-once';
import { usePageText } from '../../i18n/page-text';
import type { LayoutSource } from '../load-layout';
import { checkLayout, type LoadedLayout, type ReadLayout } from '../validation/check-layout';
import { formatIssue } from '../validation/issue';
import { widgetNamesIn } from '../widget-names';
import { groupByOwner } from './issue-owner';
import { PageView } from './page-view';
import { useDataValidators } from './use-data-validators';
import { useReadLayout } from './use-read-layout';

interface LayoutViewProps {
  /** The layout as text (typed, uploaded, fetched) or as a parsed document. */
  source: LayoutSource;
  /** Where the layout came from, for messages: a file name or "in the editor". */
  origin: string;
  /** Called with each newly loaded document, e.g. to set the browser tab's title. */
  onLoaded?: (loaded: LoadedLayout) => void;
  /** Whether to show the page's title and description above it; pages with a heading of their own turn it off. */
  showHeading?: boolean;
  /** A report's run or preview: the period and the places every live-data widget of the page shows. */
  report?: ReportFrame;
}

export interface ReportFrame {
  period: FixedPeriod;
  scope: PointScope;
}

/**
 * Renders a layout document given at run time. Whatever is wrong with it is
 * listed on screen and in the console; the valid parts still render.
 */
export function LayoutView({ source, ...props }: LayoutViewProps) {
  const read = useReadLayout(source);
  const widgetNames = useMemo(
    () => widgetNamesIn(read === undefined || 'unreadable' in read ? undefined : read.document),
    [read],
  );
  // A page from layouts/ has both at once; typed text waits for its reader, and a layout for its widgets'
  // data validators: a brief wait, in the playground or the gallery.
  const checkable = useDataValidators(widgetNames);
  if (!read || !checkable) return <Box aria-busy="true" data-testid="layout-view" />;
  return <CheckedLayoutView read={read} {...props} />;
}

function CheckedLayoutView({
  read,
  origin,
  onLoaded,
  showHeading = true,
  report,
}: Omit<LayoutViewProps, 'source'> & { read: ReadLayout }) {
  const loaded = useMemo(() => checkLayout(read), [read]);
  useReportIssues(loaded, origin);
  useEffect(() => onLoaded?.(loaded), [loaded, onLoaded]);
  const pageText = usePageText();
  const heading = headingOf(loaded.document);
  const pageId = (loaded.document as { id?: unknown } | undefined)?.id;
  const title = pageText(pageId, 'title', heading.title);
  const description = pageText(pageId, 'description', heading.description);
  const issuesByNode = useMemo(() => groupByOwner(loaded.issues), [loaded.issues]);
  const pageIssues = issuesByNode.get('') ?? [];
  const rows = rowsOf(loaded.document);

  return (
    <Stack gap="4" data-testid="layout-view">
      {title && showHeading ? (
        <Box>
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          {description ? <Text color="fg.muted">{description}</Text> : null}
        </Box>
      ) : null}
      {pageIssues.length > 0 ? <PageIssues origin={origin} messages={pageIssues.map(formatIssue)} /> : null}
      {rows ? (
        // The page's period and refresh reach every live-data widget of it, as a dashboard's time range its panels.
        <PagePeriodProvider value={{ ...pagePeriodOf(loaded.document), fixed: report?.period }}>
          <PageScopeProvider value={report?.scope}>
            <SaidOnceProvider>
              <PageView rows={rows} issuesByNode={issuesByNode} />
            </SaidOnceProvider>
          </PageScopeProvider>
        </PagePeriodProvider>
      ) : null}
    </Stack>
  );
}

function PageIssues({ origin, messages }: { origin: string; messages: string[] }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" data-testid="page-issues">
      <Alert.Indicator />
      <Box>
        <Alert.Title>{t('layout.hasProblems', { origin })}</Alert.Title>
        <Alert.Description>
          <List.Root gap="1" mt="1" listStyle="none">
            {messages.map((message) => (
              <List.Item key={message}>
                <Code variant="surface" colorPalette="red" whiteSpace="pre-wrap">
                  {message}
                </Code>
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Box>
    </Alert.Root>
  );
}

/** Logs every issue once per document, so they show in the console as well as on screen. */
function useReportIssues(loaded: LoadedLayout, origin: string): void {
  useEffect(() => {
    if (loaded.issues.length > 0) {
      console.error(
        `Layout ${origin}: ${loaded.issues.length} problem(s)\n${loaded.issues.map(formatIssue).join('\n')}`,
      );
    }
    if (loaded.migratedFrom !== undefined) {
      console.info(
        `Layout ${origin} was migrated from schema version ${loaded.migratedFrom}; save it to keep the new form.`,
      );
    }
  }, [loaded, origin]);
}

function rowsOf(document: unknown): unknown[] | undefined {
  const rows = (document as { rows?: unknown } | null | undefined)?.rows;
  return Array.isArray(rows) ? rows : undefined;
}

function headingOf(document: unknown): { title?: string; description?: string } {
  const { title, description } = (document ?? {}) as { title?: unknown; description?: unknown };
  return {
    ...(typeof title === 'string' ? { title } : {}),
    ...(typeof description === 'string' ? { description } : {}),
  };
}
