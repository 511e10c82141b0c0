import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { ROLE_IDS } from '@bloomline/contract';

import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { randomToken, safeEqual, sha256 } from '../lib/crypto';
import { csrfMismatch, forbidden, HttpError, unauthenticated } from '../lib/errors';
import { ReadCache } from '../lib/read-cache';

export const XSRF_COOKIE = 'XSRF-TOKEN';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  roleId: number;
  partnerId: number | null;
  isStaff: boolean;
}

export interface SessionState {
  token: string;
  csrfToken: string;
  userId: number | null;
  persisted: boolean;
  lastActivity: Date;
  /** Set when this request started the session (sign-in): its cookies must go out with the answer. */
  issued?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionState | null;
    user: SessionUser | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SESSION_PREFIXES = ['/api/', '/sanctum/', '/xero/'];
/** How stale last_activity may get before a request writes it again (saves a write per request). */
const TOUCH_AFTER_MS = 60_000;

/**
 * How long a loaded session may be reused without reading the database again. Every sign-in, sign-out and
 * "end all sessions" of this process empties the cache at once; another server instance's sign-out is
 * seen within this time.
 */
const SESSION_CACHE_MS = 5_000;

interface StoredSession {
  csrfToken: string;
  lastActivity: Date;
  userId: number | null;
  user: (Omit<SessionUser, 'isStaff'> & { enabled: boolean }) | null;
}

const sessionCaches = new WeakMap<Db, ReadCache<StoredSession | null>>();

/** The session cache of one database (tests open several databases in one process). */
function sessionCache(db: Db) {
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = new ReadCache<StoredSession | null>(SESSION_CACHE_MS, 10_000);
    sessionCaches.set(db, cache);
  }
  return cache;
}

/** Call after changing a user's role, partner or enabled flag, so their sessions are read again. */
export const forgetCachedSessions = (db: Db) => sessionCache(db).invalidate();

async function loadSession(db: Db, id: string): Promise<StoredSession | null> {
  const [row] = await db
    .select({
      csrfToken: sessions.csrfToken,
      lastActivity: sessions.lastActivity,
      userId: sessions.userId,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        roleId: users.roleId,
        partnerId: users.partnerId,
        enabled: users.enabled,
      },
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  return row ?? null;
}

export const isSessionRoute = (url: string) =>
  SESSION_PREFIXES.some((p) => url.startsWith(p)) && !url.startsWith('/api/openapi.json');

export interface SessionOptions {
  db: Db;
  cookieName: string;
  lifetimeMinutes: number;
  secure: boolean;
}

/**
 * Laravel-style database sessions with Sanctum's CSRF check: every session route loads (or starts) a
 * session, state-changing requests must echo the session's token in X-XSRF-TOKEN, and every answer re-sends
 * the session and XSRF-TOKEN cookies so the idle lifetime rolls.
 */
export const sessionPlugin = fp<SessionOptions>(async (app: FastifyInstance, opts) => {
  const { db } = opts;
  const lifetimeMs = opts.lifetimeMinutes * 60_000;
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    if (!isSessionRoute(request.url)) return;
    const token = request.cookies[opts.cookieName];
    if (token) {
      const id = sha256(token);
      const stored = await sessionCache(db).getOrLoad(id, () => loadSession(db, id));
      const row = stored && stored.lastActivity.getTime() > Date.now() - lifetimeMs ? stored : null;
      if (row) {
        request.session = {
          token,
          csrfToken: row.csrfToken,
          userId: row.userId,
          persisted: true,
          lastActivity: row.lastActivity,
        };
        if (row.user && row.user.enabled) {
          const { enabled: _enabled, ...user } = row.user;
          request.user = { ...user, isStaff: user.roleId === ROLE_IDS.staff };
        }
      }
    }
    request.session ??= {
      token: randomToken(30),
      csrfToken: randomToken(30),
      userId: null,
      persisted: false,
      lastActivity: new Date(),
    };
    if (STATE_CHANGING.has(request.method)) {
      const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
      const sent = Array.isArray(header) ? header[0] : header;
      if (
        !request.session.persisted ||
        !sent ||
        !safeEqual(decodeURIComponent(sent), request.session.csrfToken)
      ) {
        throw csrfMismatch();
      }
    }
  });

  app.addHook('onSend', async (request, reply) => {
    const session = request.session;
    if (!session) return;
    const now = new Date();
    // The cookies are (re)sent whenever the stored session is written: when it starts and when its
    // last activity is moved on (at most once a minute), so the browser's expiry follows the database's.
    // /sanctum/csrf-cookie always sends them, as a client asks it precisely to get the XSRF cookie.
    let send = session.issued === true || request.url.startsWith('/sanctum/csrf-cookie');
    if (!session.persisted) {
      await insertSession(db, session, request);
      send = true;
      if (Math.random() < 0.02) {
        await db.delete(sessions).where(lt(sessions.lastActivity, new Date(Date.now() - lifetimeMs)));
      }
    } else if (now.getTime() - session.lastActivity.getTime() > TOUCH_AFTER_MS) {
      const id = sha256(session.token);
      await db.update(sessions).set({ lastActivity: now }).where(eq(sessions.id, id));
      const cache = sessionCache(db);
      const stored = cache.get(id);
      if (stored) cache.set(id, { ...stored, lastActivity: now });
      send = true;
    }
    if (!send) return;
    const cookie = {
      path: '/',
      sameSite: 'lax' as const,
      secure: opts.secure,
      maxAge: opts.lifetimeMinutes * 60,
    };
    reply.setCookie(opts.cookieName, session.token, { ...cookie, httpOnly: true });
    reply.setCookie(XSRF_COOKIE, session.csrfToken, { ...cookie, httpOnly: false });
  });
});

async function insertSession(db: Db, session: SessionState, request: FastifyRequest) {
  await db.insert(sessions).values({
    id: sha256(session.token),
    userId: session.userId,
    csrfToken: session.csrfToken,
    ipAddress: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
    lastActivity: new Date(),
  });
  session.persisted = true;
}

/** Sign-in: a new session id for the user (the old one stops working), same CSRF token, as Laravel does. */
export async function startUserSession(db: Db, request: FastifyRequest, user: SessionUser): Promise<void> {
  const old = request.session;
  if (old?.persisted) await db.delete(sessions).where(eq(sessions.id, sha256(old.token)));
  sessionCache(db).invalidate();
  request.session = {
    token: randomToken(30),
    csrfToken: old?.csrfToken ?? randomToken(30),
    userId: user.id,
    persisted: false,
    lastActivity: new Date(),
    issued: true,
  };
  await insertSession(db, request.session, request);
  request.user = user;
}

/** Sign-out: the session ends and a fresh guest session with a new CSRF token takes its place. */
export async function endSession(db: Db, request: FastifyRequest): Promise<void> {
  const old = request.session;
  if (old?.persisted) await db.delete(sessions).where(eq(sessions.id, sha256(old.token)));
  sessionCache(db).invalidate();
  request.session = {
    token: randomToken(30),
    csrfToken: randomToken(30),
    userId: null,
    persisted: false,
    lastActivity: new Date(),
  };
  request.user = null;
}

/** Ends every session of a user, e.g. when the account is disabled or its password is reset. */
export async function endSessionsOf(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  sessionCache(db).invalidate();
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (!request.user.isStaff) throw forbidden();
}

export async function guestOnly(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.user) throw new HttpError(406, 'Already authenticated.');
}

/** The signed-in user; use after requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export const sessionCount = (db: Db, userId: number) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
