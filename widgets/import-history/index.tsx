import { Badge, Button, EmptyState, Heading, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { Fragment, useEffect, useState } from 'react';
import { useApiData } from '../../src/api/use-api-data';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { DataImportResponse } from '../../src/generated/api-types';
import { importsChangedAtom } from '../meter-import/imports-signal';
import { ProblemList } from '../meter-import/problem-list';
import { DataState } from '../shared/data-state';
import { formatDate } from '../shared/format';
import { ScrollRegion } from '../shared/scroll-region';

type ImportRecord = DataImportResponse;

/** How often the list is loaded again while an import is running. */
export const REFRESH_MS = 2000;
const DEFAULT_LIMIT = 20;

const STATUS = {
  running: { palette: 'blue', label: 'running' },
  done: { palette: 'green', label: 'done' },
  failed: { palette: 'red', label: 'failed' },
  interrupted: { palette: 'orange', label: 'interrupted' },
} as const;

const SOURCES = { csv: 'CSV upload', xlsx: 'Excel upload', sftp: 'SFTP drop folder' } as const;

/** The organisation's meter file imports, newest first; loaded again while one is running. */
export default function ImportHistory({ data }: WidgetProps<'import-history'>) {
  const changed = useAtomValue(importsChangedAtom);
  const state = useApiData(() => api.getUserDataImport({}), changed);
  const anyRunning =
    state.status === 'loaded' && state.data.imports.some((entry) => entry.status === 'running');
  const { reload } = state;
  const loaded = state.status === 'loaded' ? state.data : undefined;

  // Each answer while an import runs schedules the next load.
  useEffect(() => {
    if (!anyRunning || !loaded) return;
    const timer = setTimeout(reload, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [anyRunning, loaded, reload]);

  return (
    <Stack gap="4" id="import-history">
      <Heading as="h2" size="md">
        {data.heading ?? 'Import history'}
      </Heading>
      <DataState state={state} what="The import history">
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
      <ScrollRegion label="Imports">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>File</Table.ColumnHeader>
              <Table.ColumnHeader>Source</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Imported</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Skipped</Table.ColumnHeader>
              <Table.ColumnHeader>Started</Table.ColumnHeader>
              <Table.ColumnHeader>Duration</Table.ColumnHeader>
              <Table.ColumnHeader>Message</Table.ColumnHeader>
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
                    <Table.Cell whiteSpace="nowrap">{SOURCES[entry.source]}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge entry={entry} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {entry.rowsImported.toLocaleString()}
                      {entry.rowsTotal > 0 ? (
                        <Text as="span" color="fg.muted">
                          {' '}
                          of {entry.rowsTotal.toLocaleString()}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{entry.rowsSkipped.toLocaleString()}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDate(entry.startedAt, true)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {entry.finishedAt ? formatDuration(entry.startedAt, entry.finishedAt) : '–'}
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
                          {expanded ? 'Hide problems' : `Show ${problemWord(entry.problems.length)}`}
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
                          label={`Problems in ${entry.fileName}`}
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
          Show all {imports.length} imports
        </Button>
      ) : null}
    </Stack>
  );
}

function StatusBadge({ entry }: { entry: ImportRecord }) {
  const { palette, label } = STATUS[entry.status];
  return (
    <Badge colorPalette={palette} data-testid="import-status">
      {entry.status === 'running' ? `${label} ${Math.round(entry.progress * 100)} %` : label}
    </Badge>
  );
}

function NoImports() {
  return (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>No imports yet</EmptyState.Title>
          <EmptyState.Description>
            Meter files you import, and files placed in an SFTP drop folder, are listed here with what became
            of them.
          </EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function problemWord(count: number): string {
  return count === 1 ? '1 problem' : `${count.toLocaleString()} problems`;
}

/** "0.4 s", "12 s", "3 min 5 s", "1 h 2 min". */
export function formatDuration(startedAt: string, finishedAt: string): string {
  const ms = new Date(finishedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
