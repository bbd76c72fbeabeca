import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { activeSession } from '../shared/session/session';

/** Shows its children to a signed-in user; others go to /account with redirectTo set to where they were. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (activeSession()) return <>{children}</>;
  const redirectTo = location.pathname + location.search;
  return <Navigate to={`/account?redirectTo=${encodeURIComponent(redirectTo)}`} replace />;
}
