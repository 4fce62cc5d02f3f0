import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
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
