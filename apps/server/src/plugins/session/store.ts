import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

import type { Database, Db, DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { ReadCache } from '../../lib/read-cache';
import type { SessionUser } from '../../lib/session-user';
import { guestSession } from './guest';
import { appSessions } from './state';
import type { SessionState } from './state';

/**
 * How long a loaded session is reused unread. Every sign-in, sign-out and change of a user's sessions empties
 * it on every instance (`forgetCachedSessions`, over NOTIFY on PostgreSQL); the lifetime bounds what a lost
 * LISTEN connection could leave stale.
 */
const SESSION_CACHE_MS = 5_000;
/** The channel on which an instance tells the others that sessions changed (PostgreSQL only). */
const SESSIONS_CHANNEL = 'bloomline_sessions';

export interface StoredSession {
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

/**
 * Call once a change of sessions or of a user's role, partner, enabled flag or password has committed: every
 * instance reads sessions again. This one's cache empties at once; on PostgreSQL the others hear it through
 * NOTIFY (their LISTEN connection, as the new-order events), within milliseconds instead of the cache's 5 s.
 */
export async function forgetCachedSessions(db: Db): Promise<void> {
  sessionCache(db).invalidate();
  if (appSessions.get(db)?.fleet) await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, '')`);
}

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

/** The session whose id (the cookie's hash) is `id`: from this instance's cache, or read once. */
export const storedSession = (db: Db, id: string) =>
  sessionCache(db).getOrLoad(id, () => loadSession(db, id));

/** The cached session of `id` was active at `now` (its row has just been written so). */
export function touchedSession(db: Db, id: string, now: Date) {
  const cache = sessionCache(db);
  const stored = cache.get(id);
  if (stored) cache.set(id, { ...stored, lastActivity: now });
}

/** Empties this instance's cache whenever another instance says sessions changed; resolves to a stop function. */
export const listenForSessionChanges = (
  db: Db,
  listen: NonNullable<Database['listen']>,
  log: FastifyBaseLogger,
) =>
  listen(
    SESSIONS_CHANNEL,
    () => sessionCache(db).invalidate(),
    (err) => log.warn({ err: err.message }, 'the sessions LISTEN connection failed; reconnecting'),
  );

export async function insertSession(db: Db, session: SessionState, request: FastifyRequest) {
  await db.insert(sessions).values({
    id: sha256(session.token),
    userId: session.userId,
    csrfToken: session.csrfToken,
    ipAddress: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
    lastActivity: new Date(),
  });
  session.persisted = true;
  const lifetimeMs = appSessions.get(db)?.lifetimeMs;
  if (lifetimeMs && Math.random() < 0.02) {
    await db.delete(sessions).where(lt(sessions.lastActivity, new Date(Date.now() - lifetimeMs)));
  }
}

/** Sign-in: a new session id for the user (the old one stops working), same CSRF token, as Laravel does. */
export async function startUserSession(db: Db, request: FastifyRequest, user: SessionUser): Promise<void> {
  const old = request.session;
  if (old?.persisted) await db.delete(sessions).where(eq(sessions.id, sha256(old.token)));
  await forgetCachedSessions(db);
  request.session = {
    token: randomToken(30),
    csrfToken: old?.csrfToken ?? randomToken(30),
    userId: user.id,
    persisted: false,
    lastActivity: new Date(),
  };
  await insertSession(db, request.session, request);
  request.user = user;
}

/** Sign-out: the session ends and a fresh guest session with a new CSRF token takes its place. */
export async function endSession(db: Db, request: FastifyRequest): Promise<void> {
  const old = request.session;
  if (old?.persisted) await db.delete(sessions).where(eq(sessions.id, sha256(old.token)));
  await forgetCachedSessions(db);
  request.session = guestSession(db);
  request.user = null;
}

/** Ends every session of a user, e.g. when the account is disabled or its password is reset. */
export async function endSessionsOf(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await forgetCachedSessions(db);
}

/**
 * Ends every session of a user inside the caller's transaction (the user was disabled, or their role or
 * partner changed); call `forgetCachedSessions` once it has committed.
 */
export async function endSessionsWithin(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Ends a user's sessions but the one of `request` (a password change signs out every other device). Runs in
 * the caller's transaction; call `forgetCachedSessions` once it has committed.
 */
export async function endOtherSessionsOf(tx: DbOrTx, userId: number, request: FastifyRequest): Promise<void> {
  const keep = request.session?.persisted ? sha256(request.session.token) : '';
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keep)));
}

export const sessionCount = (db: Db, userId: number) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
