import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

import type { ChangePasswordBody, LoginBody, ResetPasswordBody } from '@bloomline/contract';
import { AUTH_MESSAGES, isStaffRole } from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { loginThrottles, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { tooManyRequests, ValidationError } from '../../lib/errors';
import type { QueueMail } from '../../lib/mail-queue';
import {
  endOtherSessionsOf,
  endSession,
  endSessionsOf,
  forgetCachedSessions,
  startUserSession,
} from '../../plugins/session';
import {
  consumePasswordToken,
  forgetPasswordLink,
  issuePasswordLink,
  resetMail,
} from '../../shared/password-links';
import { loadCurrentUser } from '../../shared/current-user.queries';
import { findUserByEmail } from './auth.queries';

export const MAX_LOGIN_ATTEMPTS = 5;
export const THROTTLE_WINDOW_SECONDS = 60;
/**
 * Failed sign-ins from one client address across every e-mail within the window, then 429 until it ends
 * (Laravel's throttle by IP). An office behind one address would need 15 wrong passwords in a minute to be
 * held up, and then only for the rest of that minute; a guesser gets no more than 15 tries a minute.
 */
export const MAX_ADDRESS_LOGIN_FAILURES = 15;
/**
 * Password reset requests (docs/decisions.md, "Forgot-password throttle"): at most this many per e-mail address
 * (from anywhere) and per client address (for any e-mail) within the window, then 429 until it ends. Every
 * request counts, known address or not, so the answer never tells whether an account exists.
 */
export const MAX_RESET_REQUESTS_PER_EMAIL = 3;
export const MAX_RESET_REQUESTS_PER_CLIENT = 10;
export const RESET_THROTTLE_WINDOW_SECONDS = 10 * 60;

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum). */
export const hashPassword = (password: string) => hash(password);

export interface AuthDeps {
  db: Db;
  queueMail: QueueMail;
  appUrl: string;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export function createAuthService({ db, queueMail, appUrl }: AuthDeps) {
  const throttleKey = (email: string, ip: string) => sha256(`${email.toLowerCase()}|${ip}`);
  const addressKey = (ip: string) => sha256(`address:${ip}`);
  // Verified against when the e-mail has no account, so an unknown address costs the same as a known one.
  const dummyHash = hashPassword(randomToken(16));
  const verifyOrDummy = async (passwordHash: string | undefined, password: string) => {
    const ok = await verify(passwordHash ?? (await dummyHash), password).catch(() => false);
    return ok && passwordHash !== undefined;
  };

  async function assertNotThrottled(key: string, max: number) {
    const [row] = await db
      .select()
      .from(loginThrottles)
      .where(and(eq(loginThrottles.key, key), gt(loginThrottles.resetAt, new Date())));
    if (row && row.attempts >= max) {
      const seconds = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
      throw tooManyRequests(AUTH_MESSAGES.throttled(seconds), seconds);
    }
  }

  /** Counts one attempt under `key` within a window of `windowSeconds`; answers the count and when it ends. */
  async function recordFailure(key: string, windowSeconds = THROTTLE_WINDOW_SECONDS, on: DbOrTx = db) {
    const resetAt = new Date(Date.now() + windowSeconds * 1000);
    const [row] = await on
      .insert(loginThrottles)
      .values({ key, attempts: 1, resetAt })
      .onConflictDoUpdate({
        target: loginThrottles.key,
        set: {
          attempts: sql`case when ${loginThrottles.resetAt} > now() then ${loginThrottles.attempts} + 1 else 1 end`,
          resetAt: sql`case when ${loginThrottles.resetAt} > now() then ${loginThrottles.resetAt} else ${resetAt} end`,
        },
      })
      .returning();
    return row!;
  }

  /**
   * Counts a password reset request for the e-mail and for the client address, then 429 when either is over
   * its limit. Counted in one statement each, so requests sent at once cannot slip past the limit together, and
   * both in one transaction: the e-mail's row stays locked until the address's count is written too, so requests
   * at once are counted in the same order on both (counted apart, the third request for an address could find the
   * client's count already past its limit from requests the e-mail's limit refused: two mails instead of three,
   * seen once on PostgreSQL). Always the e-mail's row first, then the address's: no two requests wait on each other.
   */
  async function countResetRequest(email: string, ip: string) {
    const { byEmail, byClient } = await db.transaction(async (tx) => ({
      byEmail: await recordFailure(sha256(`reset:${email.toLowerCase()}`), RESET_THROTTLE_WINDOW_SECONDS, tx),
      byClient: await recordFailure(sha256(`reset-address:${ip}`), RESET_THROTTLE_WINDOW_SECONDS, tx),
    }));
    const over = [
      byEmail.attempts > MAX_RESET_REQUESTS_PER_EMAIL ? byEmail.resetAt : null,
      byClient.attempts > MAX_RESET_REQUESTS_PER_CLIENT ? byClient.resetAt : null,
    ].filter((at): at is Date => at !== null);
    if (over.length === 0) return;
    const until = Math.max(...over.map((at) => at.getTime()));
    const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    throw tooManyRequests(AUTH_MESSAGES.resetThrottled(seconds), seconds);
  }

  return {
    /** GET /api/me's answer for a user: role, partner, permissions, settings and features. */
    me: (userId: number) => loadCurrentUser(db, userId),

    /** Sign-out: the session ends and a fresh guest one takes its place. */
    logout: (request: FastifyRequest) => endSession(db, request),

    async login(request: FastifyRequest, body: LoginBody) {
      const key = throttleKey(body.email, request.ip);
      const address = addressKey(request.ip);
      await assertNotThrottled(key, MAX_LOGIN_ATTEMPTS);
      await assertNotThrottled(address, MAX_ADDRESS_LOGIN_FAILURES);
      const user = await findUserByEmail(db, body.email);
      const ok = await verifyOrDummy(user?.passwordHash, body.password);
      if (!user || !ok) {
        await recordFailure(key);
        await recordFailure(address);
        throw ValidationError.field('email', AUTH_MESSAGES.failed);
      }
      if (!user.enabled) throw ValidationError.field('email', AUTH_MESSAGES.disabled);
      await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
      await startUserSession(db, request, {
        id: user.id,
        name: user.name,
        email: user.email,
        roleId: user.roleId,
        partnerId: user.partnerId,
        isStaff: isStaffRole(user.roleId),
      });
      request.log.info({ userId: user.id }, 'signed in');
      return user.id;
    },

    /**
     * Same answer whether or not the address has an account, so it cannot be used to probe for users; the
     * throttle counts before the account is looked up, so its 429 tells nothing either.
     */
    async forgotPassword(request: FastifyRequest, email: string) {
      await countResetRequest(email, request.ip);
      const user = await findUserByEmail(db, email);
      if (!user || !user.enabled) {
        // The same round trip as a known address's token write (a disabled user's old token ends with it).
        await forgetPasswordLink(db, email);
        return;
      }
      // The mail is queued with its token (a job sends it): how long a mail server takes tells nothing here.
      await db.transaction(async (tx) => {
        const link = await issuePasswordLink(tx, appUrl, user.email);
        await queueMail(tx, { kind: 'password-reset', ...resetMail(user, link) });
      });
    },

    async resetPassword(body: ResetPasswordBody) {
      const email = body.email.toLowerCase();
      const invalid = () => ValidationError.field('email', AUTH_MESSAGES.resetToken);
      const user = await findUserByEmail(db, email);
      // An unknown address does the same work (hash, token look-up) as a known one with a wrong token, so
      // the answer takes as long either way.
      const passwordHash = await hashPassword(body.password);
      const userId = await db.transaction(async (tx) => {
        const valid = await consumePasswordToken(tx, email, body.token);
        if (!user || !valid) throw invalid();
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await audit(tx, {
          userId: user.id,
          event: 'updated',
          message: `${user.name} reset their password`,
          propertyType: 'user',
          propertyId: user.id,
        });
        return user.id;
      });
      await endSessionsOf(db, userId);
    },

    /** Changes the password and ends the user's other sessions; the one of `request` stays signed in. */
    async changePassword(request: FastifyRequest, userId: number, body: ChangePasswordBody) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw ValidationError.field('current_password', AUTH_MESSAGES.currentPassword);
      const ok = await verify(user.passwordHash, body.current_password).catch(() => false);
      if (!ok) throw ValidationError.field('current_password', AUTH_MESSAGES.currentPassword);
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
        await endOtherSessionsOf(tx, userId, request);
        await audit(tx, {
          userId,
          event: 'updated',
          message: `${user.name} changed their password`,
          propertyType: 'user',
          propertyId: userId,
        });
      });
      await forgetCachedSessions(db);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
