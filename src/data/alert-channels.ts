import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import { DATA_KEY } from './query-client';

/** Webhooks and their failed posts change together: a write to either asks both again. */
const CHANNELS_KEY = [DATA_KEY, 'alert-channels'] as const;

/** How often the failed posts are asked again: the delivery job tries them again on the server meanwhile. */
const DELIVERIES_REFRESH_MS = 30_000;

/** The organisation's webhooks, each with how many of its posts are failing. */
export function channelsQuery() {
  return queryOptions({
    queryKey: [...CHANNELS_KEY, 'channels'] as const,
    queryFn: () => api.channel({}),
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
}

/** Posts to the organisation's webhooks that failed and are not delivered yet. */
export function failingDeliveriesQuery() {
  return queryOptions({
    queryKey: [...CHANNELS_KEY, 'deliveries'] as const,
    queryFn: () => api.channelDeliveries({}),
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
}

/** A write about webhooks, after which the webhooks and their failed posts are asked again. */
function useChannelsMutation<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: CHANNELS_KEY }),
  });
}

export function useCreateChannel() {
  return useChannelsMutation(api.channelCreate);
}

export function useUpdateChannel() {
  return useChannelsMutation(api.channelUpdate);
}

export function useDeleteChannel() {
  return useChannelsMutation(api.channelDelete);
}

/** Posts a test to a webhook; what its receiver answered, and the failing count may change. */
export function useTestChannel() {
  return useChannelsMutation((id: number) => api.channelTest({ id }));
}

export function useRetryDelivery() {
  return useChannelsMutation((id: number) => api.channelDeliveryRetry({ id }));
}
