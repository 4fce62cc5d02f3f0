import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createQueryClient } from '../data/query-client';
import { sessionAtom } from '../session/session-atoms';

/**
 * The data cache of the signed-in pages, made when the signed-in frame
 * appears and gone with it when its user signs out. Only those pages read the
 * API through it, so the public pages load without TanStack Query; the one
 * read of a public page, a sign-up link's invitation, has a small cache of
 * its own that loads with the sign-up form only (src/data/invitation.ts).
 */
export function SessionData({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <ForgetOtherUsersData />
      {children}
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
