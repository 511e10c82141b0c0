import { createHmac } from 'node:crypto';

import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

import { isStaffRole } from '@bloomline/contract';

import type { Database, Db, DbOrTx } from '../db/client';
import { sessions, settings, users } from '../db/schema';
import { randomToken, safeEqual, sha256 } from '../lib/crypto';
import { csrfMismatch, forbidden, HttpError, unauthenticated } from '../lib/errors';
import { ReadCache } from '../lib/read-cache';
import { KEY_PATH_PREFIX } from '../lib/urls';
import { isPermissionGuard, readPermissionsFrom } from './permission-guard';

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
  /** A row exists for this session (a signed-in user's); a guest's session lives in its cookie alone. */
  persisted: boolean;
  lastActivity: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionState | null;
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Set by the session plugin on every route guarded by requireUser or requireStaff. */
    needsUser?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SESSION_PREFIXES = ['/api/', '/sanctum/', '/xero/'];
/** How stale last_activity may get before a request writes it again (saves a write per request). */
const TOUCH_AFTER_MS = 60_000;

/**
 * How long a loaded session is reused unread. Every sign-in, sign-out and change of a user's sessions empties
 * it on every instance (`forgetCachedSessions`, over NOTIFY on PostgreSQL); the lifetime bounds what a lost
 * LISTEN connection could leave stale.
 */
const SESSION_CACHE_MS = 5_000;
/** The channel on which an instance tells the others that sessions changed (PostgreSQL only). */
const SESSIONS_CHANNEL = 'bloomline_sessions';

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

/** A path with its percent-encoding undone, as the router reads it; the raw path when it cannot be decoded. */
export function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether a route path (a route's pattern or a decoded path, never the raw URL) belongs to the session. */
export const isSessionPath = (path: string) =>
  // The shop's door takes an API key, never a session (plugins/api-key-auth.ts).
  SESSION_PREFIXES.some((p) => path.startsWith(p)) &&
  path !== '/api/openapi.json' &&
  !path.startsWith(KEY_PATH_PREFIX);

/**
 * Whether a request is on a session route. Decided on the route the router chose (its pattern), or for a
 * path no route matched on the decoded path, so `/%61pi/login` is the same session route as `/api/login`.
 */
export const isSessionRequest = (request: FastifyRequest) =>
  isSessionPath(request.routeOptions.url ?? decodedPath(request.url));

export const isStateChanging = (method: string) => STATE_CHANGING.has(method.toUpperCase());

/** The header's token with any percent-encoding undone (Laravel decodes it); null when malformed. */
function sentToken(request: FastifyRequest): string | null {
  const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!sent) return null;
  try {
    return decodeURIComponent(sent);
  } catch {
    return null;
  }
}

const GUEST_KEY_SETTING = 'session.guest_key';

/**
 * The key a guest's CSRF token is derived with. Every instance must agree on it and none keeps state of its
 * own: derived from SESSION_SECRET when set, else a random key created once and kept in `settings` (the
 * insert that loses a race between two starting instances changes nothing, and both read the winner's).
 */
export async function guestCsrfKey(db: Db, secret: string | undefined): Promise<string> {
  if (secret) return createHmac('sha256', secret).update('bloomline guest csrf').digest('hex');
  await db
    .insert(settings)
    .values({ key: GUEST_KEY_SETTING, value: randomToken(32) })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, GUEST_KEY_SETTING));
  if (typeof row?.value !== 'string') throw new Error('The guest CSRF key could not be stored.');
  return row.value;
}

export interface SessionOptions {
  db: Db;
  cookieName: string;
  lifetimeMinutes: number;
  secure: boolean;
  /** SESSION_SECRET, when set: the guest CSRF key is derived from it. */
  secret: string | undefined;
  /** PostgreSQL's LISTEN (`Database.listen`): other instances' session changes empty this one's cache. */
  listen?: Database['listen'];
}

/** The guest CSRF key and session lifetime of each database's app (tests run several apps in one process). */
const appSessions = new WeakMap<Db, { guestKey: string; lifetimeMs: number; fleet: boolean }>();

/** The signature a guest's session id carries, so the server knows the ids it made itself. */
const guestIdSignature = (guestKey: string, nonce: string) =>
  createHmac('sha256', guestKey).update(`guest session id:${nonce}`).digest('base64url').slice(0, 22);

/** A new guest session id: a random nonce and its signature (never an id a client chose). */
function newGuestId(guestKey: string): string {
  const nonce = randomToken(30);
  return nonce + guestIdSignature(guestKey, nonce);
}

/** Whether a cookie's value is a guest session id this server made (its signature checks out). */
function isGuestIdOf(guestKey: string, token: string): boolean {
  if (token.length !== 62) return false;
  const nonce = token.slice(0, 40);
  return safeEqual(token.slice(40), guestIdSignature(guestKey, nonce));
}

/**
 * A guest's session: its token is the cookie, its CSRF token an HMAC of it, and no row is written. The
 * cookie's id is kept only when this server made it (a signed guest id); any other value (a client's own
 * choice, an ended or unknown session's id) gets a new server-made id: no session fixation.
 */
function guestSession(db: Db, cookie?: string): SessionState {
  const guestKey = appSessions.get(db)?.guestKey;
  if (!guestKey) throw new Error('The session plugin is not registered.');
  const token = cookie && isGuestIdOf(guestKey, cookie) ? cookie : newGuestId(guestKey);
  return {
    token,
    csrfToken: createHmac('sha256', guestKey).update(token).digest('base64url'),
    userId: null,
    persisted: false,
    lastActivity: new Date(),
  };
}

/**
 * Laravel-style database sessions with Sanctum's CSRF check: every session route loads the session (a
 * signed-in user's row) or takes the guest's from its cookie, state-changing requests must echo the
 * session's token in X-XSRF-TOKEN, and every answer re-sends the session and XSRF-TOKEN cookies so the idle
 * lifetime rolls. Only signing in writes a session row: nobody signed out can grow the table.
 */
export const sessionPlugin = fp<SessionOptions>(async (app: FastifyInstance, opts) => {
  const { db } = opts;
  const lifetimeMs = opts.lifetimeMinutes * 60_000;
  const stopListening = await opts.listen?.(
    SESSIONS_CHANNEL,
    () => sessionCache(db).invalidate(),
    (err) => app.log.warn({ err: err.message }, 'the sessions LISTEN connection failed; reconnecting'),
  );
  if (stopListening) app.addHook('onClose', stopListening);
  appSessions.set(db, {
    guestKey: await guestCsrfKey(db, opts.secret),
    lifetimeMs,
    fleet: stopListening !== undefined,
  });
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  readPermissionsFrom(app, db);

  // Routes whose guards (own or module's) need a user answer 401 before any CSRF check without a session.
  app.addHook('onRoute', function (route) {
    if (routeNeedsUser(route, moduleGuardOf(this))) route.config = { ...route.config, needsUser: true };
  });

  app.addHook('onRequest', async (request) => {
    if (!isSessionRequest(request)) return;
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
          request.user = { ...user, isStaff: isStaffRole(user.roleId) };
        }
      }
    }
    // A cookie without a live row is a guest's (or an ended session's: it continues as a new guest).
    request.session ??= guestSession(db, token || undefined);
    if (isStateChanging(request.method)) {
      const sent = sentToken(request);
      if (!token || !sent || !safeEqual(sent, request.session.csrfToken)) {
        // Without a live signed-in session a route that needs one answers 401 first, so a client whose
        // session ran out signs in again instead of failing on the token (DECISIONS.md "Session").
        if (!request.user && request.routeOptions.config.needsUser) throw unauthenticated();
        throw csrfMismatch();
      }
    }
  });

  app.addHook('onSend', async (request, reply) => {
    const session = request.session;
    if (!session) return;
    // Signed-in answers must not be kept by a browser or proxy; every session route answers so.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    const now = new Date();
    // last_activity is written at most once a minute per session; the cookies go out on every answer,
    // errors included, as Laravel does (clients of the original API treat an answer without them as failed).
    if (session.persisted && now.getTime() - session.lastActivity.getTime() > TOUCH_AFTER_MS) {
      const id = sha256(session.token);
      await db.update(sessions).set({ lastActivity: now }).where(eq(sessions.id, id));
      const cache = sessionCache(db);
      const stored = cache.get(id);
      if (stored) cache.set(id, { ...stored, lastActivity: now });
    }
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

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (!request.user.isStaff) throw forbidden();
}

type Guard = typeof requireUser;
export { requirePermission, type Permission } from './permission-guard';

/** The guards a route runs (its own hooks and its module's), flattened. */
export function guardsOf(route: RouteOptions, moduleGuard?: unknown): unknown[] {
  const hooks = [route.onRequest, route.preValidation, route.preHandler];
  return [moduleGuard, ...hooks.flatMap((h) => (h === undefined ? [] : [h].flat()))];
}

/** The route needs a signed-in user (guarded by requireUser, requireStaff or requirePermission). */
export function routeNeedsUser(route: RouteOptions, moduleGuard?: unknown): boolean {
  const guards = guardsOf(route, moduleGuard);
  return guards.includes(requireUser) || guards.includes(requireStaff) || guards.some(isPermissionGuard);
}
const moduleGuards = new WeakMap<object, Guard>();

/**
 * Guards every route of a module once: call it first in the module's (encapsulated) plugin. The guard
 * runs before validation like a route's own, and the OpenAPI statuses know it (`moduleGuardOf`).
 */
export function guardModule(app: FastifyInstance, guard: Guard): void {
  moduleGuards.set(app, guard);
  app.addHook('preValidation', guard);
}

/** The guard a module put on all its routes, for the instance a route is registered on. */
export const moduleGuardOf = (instance: object): Guard | undefined => moduleGuards.get(instance);

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
