import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { RenameOrganisationRequest } from '../generated/api-types';
import { DATA_KEY } from './query-client';

/** The organisation's name and logo, as the shell shows them on every page. */
export interface OrganisationFace {
  name: string;
  /** The logo's key under /files, or null before one is uploaded. */
  image: string | null;
  /** The demo organisation, whose places and readings are generated. */
  demo: boolean;
}

/** Keyed by organisation, so a logo just saved (organisation-panel invalidates this key) shows at once. */
export function organisationFaceQuery(organisationId: number) {
  return queryOptions({
    queryKey: [DATA_KEY, 'organisation-face', organisationId] as const,
    queryFn: async (): Promise<OrganisationFace | null> => {
      const [row] = await api.getOrgImage({ org_id: organisationId });
      return row ? { name: row.name, image: row.image, demo: row.demo } : null;
    },
    // The top bar falls back to the product's name at once rather than retrying on every page.
    retry: false,
  });
}

/** The signed-in member's organisation's face; nothing to ask for without an organisation. */
export function useOrganisationFace(organisationId: number | null) {
  return useQuery({
    ...organisationFaceQuery(organisationId ?? 0),
    enabled: organisationId !== null,
  });
}

/**
 * Renames the organisation. Its face is then asked again, and the mutation
 * stays pending until it has answered, so the top bar and the panel show the
 * new name by the time the form closes.
 */
export function useRenameOrganisation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: RenameOrganisationRequest) => api.renameOrganisation(request),
    onSuccess: (_renamed, request) =>
      client.invalidateQueries({ queryKey: organisationFaceQuery(request.org_id).queryKey }),
  });
}
