import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import { DATA_KEY } from './query-client';

const CHOICES_KEY = [DATA_KEY, 'notification-choices'] as const;

/** What of the organisation's alerts reaches the signed-in member by mail. */
export function notificationChoicesQuery() {
  return queryOptions({ queryKey: CHOICES_KEY, queryFn: () => api.notificationChoices({}) });
}

/** Sends the member a test of their alert mail; the address it went to. */
export function useSendTestMail() {
  return useMutation({ mutationFn: () => api.notificationChoicesTest({}) });
}

/** Keeps the member's choices; the answer is what is kept now. */
export function useChooseNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.notificationChoicesUpdate,
    onSuccess: (answer) => client.setQueryData(CHOICES_KEY, answer),
  });
}
