import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { pageRevisionQuery } from '../../data/page-revision';
import type { DashboardRevisionResponse } from '../../generated/api-types';

export type RevisionDocument = DashboardRevisionResponse;

/**
 * Reads a page's revisions by number through the data cache, each once
 * (pageRevisionQuery): opening and comparing ask when someone presses, so
 * the read is made then, not by a component that shows it.
 */
export function useRevisionDocuments(pageId: number): (revision: number) => Promise<RevisionDocument> {
  const client = useQueryClient();
  return useCallback(
    (revision: number) => client.fetchQuery(pageRevisionQuery(pageId, revision)),
    [client, pageId],
  );
}
