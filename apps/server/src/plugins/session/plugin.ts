import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';

import { isStaffRole } from '@bloomline/contract';

import type { Database, Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { safeEqual, sha256 } from '../../lib/crypto';
import { csrfMismatch, unauthenticated } from '../../lib/errors';
import { readPermissionsFrom } from '../permission-guard';
import { guestCsrfKey, guestSession } from './guest';
import { moduleGuardOf, routeNeedsUser } from './guards';
import { isSessionRequest, isStateChanging, sentToken } from './paths';
import { appSessions, XSRF_COOKIE } from './state';
import { listenForSessionChanges, storedSession, touchedSession } from './store';

/** How stale last_activity may get before a request writes it again (saves a write per request). */
const TOUCH_AFTER_MS = 60_000;

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

/**
 * Laravel-style database sessions with Sanctum's CSRF check: every session route loads the session (a
 * signed-in user's row) or takes the guest's from its cookie, state-changing requests must echo the
 * session's token in X-XSRF-TOKEN, and every answer re-sends the session and XSRF-TOKEN cookies so the idle
 * lifetime rolls. Only signing in writes a session row: nobody signed out can grow the table.
 */
export const sessionPlugin = fp<SessionOptions>(async (app: FastifyInstance, opts) => {
  const { db } = opts;
  const lifetimeMs = opts.lifetimeMinutes * 60_000;
  const stopListening = opts.listen ? await listenForSessionChanges(db, opts.listen, app.log) : undefined;
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

  app.addHook('onRequest', async function loadSessionHook(request) {
    if (!isSessionRequest(request)) return;
    const token = request.cookies[opts.cookieName];
    if (token) {
      const id = sha256(token);
      const stored = await storedSession(db, id);
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

  app.addHook('onSend', async function sessionCookiesHook(request, reply) {
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
      touchedSession(db, id, now);
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
