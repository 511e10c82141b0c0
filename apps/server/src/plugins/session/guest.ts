import { createHmac } from 'node:crypto';

import type { Db } from '../../db/client';
import { randomToken, safeEqual } from '../../lib/crypto';
import { keptSecret, settingSecret } from '../../lib/kept-secret';
import { appSessions } from './state';
import type { SessionState } from './state';

const GUEST_KEY = settingSecret('session.guest_key', 'guest CSRF key', () => randomToken(32));

/**
 * The key a guest's CSRF token is derived with. Every instance must agree on it and none keeps state of its
 * own: derived from SESSION_SECRET when set, else a random key created once and kept in `settings`
 * (lib/kept-secret.ts).
 */
export async function guestCsrfKey(db: Db, secret: string | undefined): Promise<string> {
  if (secret) return createHmac('sha256', secret).update('bloomline guest csrf').digest('hex');
  return keptSecret(db, GUEST_KEY)();
}

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
export function guestSession(db: Db, cookie?: string): SessionState {
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
