import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { PreAuthorizationResponse } from '../generated/api-types';
import { createQueryClient, DATA_KEY } from './query-client';

/** What a sign-up link's invitation is: whom it invites to which organisation, or that it no longer holds. */
export function invitationQuery(token: string) {
  return queryOptions({
    queryKey: [DATA_KEY, 'invitation', token] as const,
    // A link that cannot be checked is told as one that does not hold: the person signs up on their own.
    queryFn: (): Promise<PreAuthorizationResponse> =>
      api.preAuthorization({ inviteToken: token }).catch(() => ({ valid: false })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

let publicClient: QueryClient | undefined;

/**
 * The public pages sit outside the signed-in pages' cache (src/app/session-data.tsx);
 * their one read, the invitation, keeps its own, which loads with the sign-up form only.
 */
function publicQueryClient(): QueryClient {
  publicClient ??= createQueryClient();
  return publicClient;
}

/** The invitation of a sign-up link, once checked; undefined without a token or while it is checked. */
export function useInvitation(token: string | undefined) {
  return useQuery({ ...invitationQuery(token ?? ''), enabled: Boolean(token) }, publicQueryClient()).data;
}
