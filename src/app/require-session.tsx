import { useAtomValue } from 'jotai';
import { Navigate, Outlet } from 'react-router-dom';
import { sessionAtom } from '../session/session-atoms';

/** Everything outside /auth needs a signed-in user; while the session loads, nothing is shown (spec §2). */
export function RequireSession() {
  const session = useAtomValue(sessionAtom);
  if (session.status === 'loading') return null;
  if (session.status === 'unauthorised') return <Navigate to="/auth/login" replace />;
  return <Outlet />;
}
