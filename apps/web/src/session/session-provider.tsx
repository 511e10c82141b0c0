import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

import type { authRoutes, CurrentUser } from '@bloomline/contract';

import { call, refOf } from '@/api/call';
import { api, isApiError, onUnauthenticated } from '@/api/client';
import { firstScreenShown } from '@/lib/after-first-screen';
import { forgetOfflineData } from '@/pwa/offline-data';
import { LoadingScreen } from '@/ui';
import { paths } from '@/lib/paths';

import { SessionContext } from './session-context';
import type { Session } from './session-context';

export const SPLASH_MIN_MS = 1000;

// The signed-in pages start this read themselves, beside the app's code (vite.config.ts, `ROUTE_PAGE_READS`).
/** The session's routes, by reference: this is the first screen, which loads no schema (`refOf`). */
type Auth = typeof authRoutes;
const ME = refOf<Auth['me']>({ method: 'GET', path: '/api/me' });
const LOGIN = refOf<Auth['login']>({ method: 'POST', path: '/api/login' });
const LOGOUT = refOf<Auth['logout']>({ method: 'POST', path: '/api/logout' });

const fetchMe = () => call(ME, {}, { preloaded: true }).then((r) => r.data);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long the splash has been on the screen: index.html draws it itself, so since the page's first paint (0
 * where the browser does not say). The minimum second then overlaps the download of the app's code instead of
 * following it.
 */
function splashShownFor(): number {
  const paint = performance.getEntriesByName('first-paint')[0];
  return paint ? Math.max(0, performance.now() - paint.startTime) : 0;
}

/**
 * Holds the current user: null when signed out. Shows the splash until the first answer, and for at least 1 s
 * since it appeared.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [ready, setReady] = useState(false);
  const userRef = useRef<CurrentUser | null>(null);
  useEffect(() => {
    userRef.current = user;
  }, [user]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let live = true;
    const rest = Math.max(0, SPLASH_MIN_MS - splashShownFor());
    void Promise.all([fetchMe().catch(() => null), sleep(rest)]).then(([me]) => {
      if (!live) return;
      // The first screen renders in slices between which the phone stays responsive (a transition), not
      // in one long task.
      startTransition(() => {
        setUser(me);
        setReady(true);
      });
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (ready) firstScreenShown();
  }, [ready]);

  const clear = useCallback(() => {
    setUser(null);
    queryClient.clear();
    // Whoever uses the phone next must not find this user's orders offline.
    void forgetOfflineData();
  }, [queryClient]);

  // A 401 while signed in: the session ended elsewhere. Renew the CSRF cookie, log out, clear the user.
  useEffect(
    () =>
      onUnauthenticated(() => {
        if (!userRef.current) return;
        userRef.current = null;
        void api
          .csrf()
          .then(() => call(LOGOUT, {}))
          .catch(() => undefined)
          .finally(() => {
            clear();
            void navigate(paths.login, { replace: true });
          });
      }),
    [clear, navigate],
  );

  const refresh = useCallback(async () => {
    const me = await fetchMe().catch(() => null);
    setUser(me);
    return me;
  }, []);

  const signIn = useCallback(
    async (email: string, password: string) => {
      await api.csrf();
      try {
        await call(LOGIN, { body: { email, password } }, { handles: [429] });
      } catch (e) {
        // 406: already signed in (another tab); carry on to the dashboard.
        if (!(isApiError(e) && e.status === 406)) throw e;
      }
      await refresh();
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    await call(LOGOUT, {});
    clear();
    await navigate(paths.login, { replace: true });
  }, [clear, navigate]);

  const setCurrentUser = useCallback((me: CurrentUser) => setUser(me), []);

  const value = useMemo<Session>(
    () => ({ user, signIn, signOut, refresh, setCurrentUser }),
    [user, signIn, signOut, refresh, setCurrentUser],
  );
  if (!ready) return <LoadingScreen />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
