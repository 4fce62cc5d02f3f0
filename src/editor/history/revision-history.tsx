import { Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/use-can';
import { useScreenQuery } from '../../data/screen-query';
import { api } from '../../generated/api-client';
import type { PageRevision } from '../../generated/api-types';
import { DataState, fromQuery } from '../../ui/data-state';
import { ErrorAlert } from '../../ui/error-alert';
import { RestoreRevisionDialog } from './restore-revision-dialog';
import { RevisionCompareDialog } from './revision-compare-dialog';
import { RevisionRow } from './revision-row';
import { type RevisionDocument, useRevisionDocuments } from './use-revision-documents';

/** A stored page's layout document, as the API hands it over. */
export type StoredDocument = RevisionDocument['document'];

export interface RevisionHistoryProps {
  pageId: number;
  /** The revision the editor holds; a newer one (the editor saved) fetches the history again. */
  currentRevision: number;
  /** Show this revision to read, not to edit. */
  onOpen: (revision: PageRevision, document: StoredDocument) => void;
  /** A revision was restored as the new revision `newRevision`, whose document this is. */
  onRestored: (newRevision: number, document: StoredDocument) => void;
}

type Comparison = { older: number; newer: number };

/**
 * A page's history, newest first: each revision can be opened to read,
 * compared with the current one or the one before it, and (for those who
 * may edit) restored as a new revision.
 */
export function RevisionHistory({ pageId, currentRevision, onOpen, onRestored }: RevisionHistoryProps) {
  const { t } = useTranslation('editor-history');
  const canRestore = useCan('dashboardRestore');
  const load = useRevisionDocuments(pageId);
  // After a restore the history is fetched again at once, whether or not the editor passes the new revision back.
  const [restoredAs, setRestoredAs] = useState(0);
  const known = Math.max(currentRevision, restoredAs);
  const state = fromQuery(
    useScreenQuery('revisions', () => api.dashboardRevisions({ id: pageId }), `${pageId} ${known}`),
  );
  const [comparison, setComparison] = useState<Comparison>();
  const [restoring, setRestoring] = useState<number>();
  const [opening, setOpening] = useState<number>();
  const [problem, setProblem] = useState<string>();

  const open = async (revision: PageRevision) => {
    setOpening(revision.revision);
    setProblem(undefined);
    try {
      onOpen(revision, (await load(revision.revision)).document);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setOpening(undefined);
    }
  };

  return (
    <Stack gap="3" role="region" aria-label={t('history.heading')}>
      <Heading as="h2" size="md">
        {t('history.heading')}
      </Heading>
      <ErrorAlert message={problem} />
      <DataState state={state} what={t('load.history')}>
        {({ revisions }) => {
          const newest = newestOf(revisions, known);
          return (
            <Stack as="ul" gap="0" m="0" p="0">
              {revisions.map((revision, index) => {
                const number = revision.revision;
                const previous = revisions[index + 1]?.revision;
                const isCurrent = number === newest;
                return (
                  <RevisionRow
                    key={number}
                    revision={revision}
                    isCurrent={isCurrent}
                    opening={opening === number}
                    onOpen={() => open(revision)}
                    onCompareWithCurrent={
                      isCurrent ? undefined : () => setComparison({ older: number, newer: newest })
                    }
                    onCompareWithPrevious={
                      previous === undefined
                        ? undefined
                        : () => setComparison({ older: previous, newer: number })
                    }
                    onRestore={isCurrent || !canRestore ? undefined : () => setRestoring(number)}
                  />
                );
              })}
            </Stack>
          );
        }}
      </DataState>
      {comparison ? (
        <RevisionCompareDialog {...comparison} load={load} onClose={() => setComparison(undefined)} />
      ) : null}
      {restoring !== undefined && state.status === 'loaded' ? (
        <RestoreRevisionDialog
          pageId={pageId}
          revision={restoring}
          baseRevision={newestOf(state.data.revisions, known)}
          onRestored={(restored) => {
            setRestoring(undefined);
            setRestoredAs(restored.page.revision);
            onRestored(restored.page.revision, restored.document);
          }}
          onOutdated={state.reload}
          onClose={() => setRestoring(undefined)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The page's current revision: the newest listed, even when the editor has
 * yet to hear of it (someone else saved), or the editor's when the list is older.
 */
function newestOf(revisions: PageRevision[], known: number): number {
  return Math.max(known, revisions[0]?.revision ?? 0);
}
