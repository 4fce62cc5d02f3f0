import { Box } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { Navigate, Outlet } from 'react-router-dom';
import { sessionAtom } from '../session/session-atoms';

/**
 * Everything outside /auth needs a signed-in user; while the session loads,
 * nothing is shown (spec §2), only marked busy for assistive technology and
 * for tests that wait for the page to settle. When nobody can sign in (the
 * sign-in service is unavailable), the page says something went wrong.
 */
export function RequireSession() {
  const session = useAtomValue(sessionAtom);
  if (session.status === 'loading') return <Box aria-busy="true" data-testid="session-loading" />;
  if (session.status === 'unauthorised') {
    return <Navigate to={session.unavailable ? '/auth/500' : '/auth/login'} replace />;
  }
  return <Outlet />;
}
