import type { Db } from '../../db/client';

export const XSRF_COOKIE = 'XSRF-TOKEN';

export interface SessionState {
  token: string;
  csrfToken: string;
  userId: number | null;
  /** A row exists for this session (a signed-in user's); a guest's session lives in its cookie alone. */
  persisted: boolean;
  lastActivity: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionState | null;
  }
  interface FastifyContextConfig {
    /** Set by the session plugin on every route guarded by requireUser or requireStaff. */
    needsUser?: boolean;
  }
}

/** What the session plugin settled for one database's app at start-up. */
export interface AppSessions {
  guestKey: string;
  lifetimeMs: number;
  /** Other instances share the database and hear of session changes (PostgreSQL's NOTIFY). */
  fleet: boolean;
}

/** Each database's app's settings (tests run several apps in one process). */
export const appSessions = new WeakMap<Db, AppSessions>();
