import { createContext, useContext } from 'react';

import type { CurrentUser } from '@bloomline/contract';

export interface Session {
  user: CurrentUser | null;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** Reloads the current user (after sign-in or a profile save). */
  refresh: () => Promise<CurrentUser | null>;
  /** Keeps an answer that carries the current user (a profile save), so the header shows it at once. */
  setCurrentUser: (user: CurrentUser) => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The signed-in user; only for screens behind <RequireAuth>. */
export function useUser() {
  const { user } = useSession();
  if (!user) throw new Error('useUser needs a signed-in user');
  return user;
}
