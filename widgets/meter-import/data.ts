import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DATA_POINTS_KEY } from '../../src/data/data-points';
import { DATA_KEY } from '../../src/data/query-client';
import { api } from '../../src/generated/api-client';
import type { ImportTemplatesResponse } from '../../src/generated/api-types';
import type { ImportMapping } from './mapping';

/**
 * Every request the meter import makes other than starting and following the
 * import itself, which the import history shares (src/data/imports.ts).
 */

/** The organisation's data points, to import a file into one; under their key, so a point added elsewhere shows. */
export function importPointsQuery() {
  return queryOptions({
    queryKey: [...DATA_POINTS_KEY, 'meter-import'] as const,
    queryFn: () => api.getDataPoint({}),
    staleTime: 0,
  });
}

const TEMPLATES_KEY = [DATA_KEY, 'import-templates'] as const;

/** The organisation's saved mappings; others save them too, so never fresh for long. */
export function importTemplatesQuery() {
  return queryOptions({
    queryKey: TEMPLATES_KEY,
    queryFn: () => api.importTemplates({}),
    staleTime: 0,
  });
}

/**
 * Saving a mapping by name and deleting one. Each answers the templates as
 * they now are, which become the list at once: asking for it again would
 * only bring the same.
 */
export function useTemplateWrites() {
  const client = useQueryClient();
  const keep = (answer: ImportTemplatesResponse) => client.setQueryData(TEMPLATES_KEY, answer);
  return {
    save: useMutation({
      mutationFn: (request: { name: string; mapping: ImportMapping }) => api.importTemplates(request),
      onSuccess: keep,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.importTemplateDelete({ id }),
      onSuccess: keep,
    }),
  };
}

/**
 * Uploads a meter file as it is, to be mapped and imported. A mutation for
 * its pending and failed states; no read lists uploaded files.
 */
export function useUploadMeterFile() {
  return useMutation({
    mutationFn: ({ name, body }: { name: string; body: Blob }) => api.meterfiles({ name }, body),
  });
}

/**
 * Reads the uploaded file by a mapping without importing it: what would be
 * stored, and every problem. A mutation, as the person asks for it; nothing
 * on the server changes.
 */
export function useDryRun(fileId: number) {
  return useMutation({
    mutationFn: (mapping: ImportMapping) => api.getDataImport({ fileId, mapping }),
  });
}
