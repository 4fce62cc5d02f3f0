import { Badge, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { Fragment, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useImports } from '../../src/data/imports';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { DataImportResponse } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { EmptyNotice } from '../shared/empty-notice';
import { formatCount, formatDate, formatValue } from '../shared/format';
import { ProblemList } from '../shared/problem-list';
import { ScrollRegion } from '../shared/scroll-region';

type ImportRecord = DataImportResponse;

const DEFAULT_LIMIT = 20;

const STATUS_PALETTE = {
  running: 'blue',
  done: 'green',
  failed: 'red',
  interrupted: 'orange',
} as const;

/** The organisation's meter file imports, newest first; loaded again while one is running. */
export default function ImportHistory({ data }: WidgetProps<'import-history'>) {
  const { t } = useTranslation('import-history');
  // Asked again while an import runs, and whenever the meter import on this page starts or ends one.
  const state = fromQuery(useImports());

  return (
    <Stack gap="4" id="import-history">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <DataState state={state} what={t('what')}>
        {({ imports }) =>
          imports.length === 0 ? (
            <NoImports />
          ) : (
            <ImportsTable imports={imports} limit={data.limit ?? DEFAULT_LIMIT} />
          )
        }
      </DataState>
    </Stack>
  );
}

function ImportsTable({ imports, limit }: { imports: ImportRecord[]; limit: number }) {
  const { t } = useTranslation('import-history');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? imports : imports.slice(0, limit);
  const toggle = (id: number) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpen(next);
  };

  return (
    <Stack gap="3">
      <ScrollRegion label={t('region')}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('columns.file')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columns.source')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columns.status')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('columns.imported')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('columns.skipped')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columns.started')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columns.duration')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columns.message')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((entry) => {
              const problemsId = `import-${entry.id}-problems`;
              const expanded = open.has(entry.id);
              return (
                <Fragment key={entry.id}>
                  <Table.Row data-testid="import-row">
                    <Table.Cell maxW="56" truncate title={entry.fileName}>
                      {entry.fileName}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{t(`sources.${entry.source}`)}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge entry={entry} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {entry.rowsTotal > 0 ? (
                        <Trans
                          t={t}
                          i18nKey="rowsOf"
                          values={{
                            imported: formatCount(entry.rowsImported),
                            total: formatCount(entry.rowsTotal),
                          }}
                          components={{ muted: <Text as="span" color="fg.muted" /> }}
                        />
                      ) : (
                        formatCount(entry.rowsImported)
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatCount(entry.rowsSkipped)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDate(entry.startedAt, true)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {entry.finishedAt ? formatDuration(entry.startedAt, entry.finishedAt, t) : '–'}
                    </Table.Cell>
                    <Table.Cell minW="48">{entry.message ?? ''}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {entry.problems.length > 0 ? (
                        <Button
                          size="xs"
                          variant="ghost"
                          aria-expanded={expanded}
                          aria-controls={problemsId}
                          onClick={() => toggle(entry.id)}
                        >
                          {expanded
                            ? t('hideProblems')
                            : t('showProblems', {
                                count: entry.problems.length,
                                number: formatCount(entry.problems.length),
                              })}
                        </Button>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                  {expanded ? (
                    <Table.Row>
                      <Table.Cell colSpan={9} bg="bg.subtle">
                        <ProblemList
                          id={problemsId}
                          problems={entry.problems}
                          total={entry.problems.length}
                          label={t('problemsIn', { fileName: entry.fileName })}
                        />
                      </Table.Cell>
                    </Table.Row>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Body>
        </Table.Root>
      </ScrollRegion>
      {imports.length > shown.length ? (
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => setShowAll(true)}>
          {t('showAll', { count: imports.length, number: formatCount(imports.length) })}
        </Button>
      ) : null}
    </Stack>
  );
}

function StatusBadge({ entry }: { entry: ImportRecord }) {
  const { t } = useTranslation('import-history');
  return (
    <Badge colorPalette={STATUS_PALETTE[entry.status]} data-testid="import-status">
      {entry.status === 'running'
        ? t('status.runningPercent', { percent: Math.round(entry.progress * 100) })
        : t(`status.${entry.status}`)}
    </Badge>
  );
}

function NoImports() {
  const { t } = useTranslation('import-history');
  return <EmptyNotice title={t('empty.title')} description={t('empty.description')} />;
}

/** "0.4 s", "12 s", "3 min 5 s", "1 h 2 min", in the app's language (t of the import-history namespace). */
export function formatDuration(startedAt: string, finishedAt: string, t: TFunction): string {
  const ms = new Date(finishedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 10_000) return t('duration.seconds', { seconds: formatValue(ms / 1000, undefined, 1) });
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return t('duration.seconds', { seconds: formatCount(seconds) });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    return t('duration.minutes', { minutes: formatCount(minutes), seconds: formatCount(seconds % 60) });
  }
  return t('duration.hours', {
    hours: formatCount(Math.floor(minutes / 60)),
    minutes: formatCount(minutes % 60),
  });
}
