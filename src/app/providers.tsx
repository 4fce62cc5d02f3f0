import { ChakraProvider } from '@chakra-ui/react';
import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useRef } from 'react';
import { widgetRegistry, widgetText } from '../../widgets/registry';
import { createQueryClient } from '../data/query-client';
import { WidgetRegistryProvider } from '../engine/render/widget-registry';
import { addWidgetText } from '../i18n/i18n';
import { sessionAtom } from '../session/session-atoms';
import { system } from '../theme/system';

// The widgets' words come with the widgets, from the same composition root.
addWidgetText(widgetText);

let appQueryClient: QueryClient | undefined;

/** The app's one cache, made on first use so tests and Storybook, which bring their own, never make it. */
function defaultQueryClient(): QueryClient {
  appQueryClient ??= createQueryClient();
  return appQueryClient;
}

/**
 * Everything a rendered page needs around it; shared by the app, Storybook
 * and tests. Tests and Storybook pass a query client of their own (no
 * retries, nothing shared between tests).
 */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient ?? defaultQueryClient()}>
      <ForgetOtherUsersData />
      <ChakraProvider value={system}>
        <WidgetRegistryProvider registry={widgetRegistry}>{children}</WidgetRegistryProvider>
      </ChakraProvider>
    </QueryClientProvider>
  );
}

/**
 * Whoever signs in next on this browser must not see the last user's data,
 * nor a user who joined an organisation the data of before.
 */
function ForgetOtherUsersData() {
  const client = useQueryClient();
  const session = useAtomValue(sessionAtom);
  const user =
    session.status === 'authorised' ? `${session.user.id}:${session.user.organisationId}` : undefined;
  const previous = useRef(user);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== user) client.clear();
    previous.current = user;
  }, [client, user]);
  return null;
}
