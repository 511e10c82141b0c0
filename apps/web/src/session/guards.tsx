import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { paths } from '@/lib/paths';
import { useSession } from './session-context';

/** Signed-out users go to /login, history replaced. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return children ?? <Outlet />;
}

/** Staff-only screens: partners are sent to their dashboard. The server refuses them anyway (403). */
export function RequireStaff({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  if (!user) return <Navigate to={paths.login} replace />;
  if (!user.isStaff) return <Navigate to={paths.dashboard} replace />;
  return children ?? <Outlet />;
}

/** The login page: a signed-in user goes to /dashboard. */
export function RequireGuest({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  if (user) return <Navigate to={paths.dashboard} replace />;
  return children ?? <Outlet />;
}

export function Landing() {
  const { user } = useSession();
  return <Navigate to={user ? paths.dashboard : paths.login} replace />;
}
