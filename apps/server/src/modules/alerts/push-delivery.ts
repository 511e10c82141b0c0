import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';

import type { PushMessage } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { pushKeys, pushSubscriptions } from '../../db/schema';
import type { SecretPlace } from '../../lib/kept-secret';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The VAPID key pair: made by the first instance to need it and kept in the database for all (one row, id 1). */
export const VAPID_KEYS: SecretPlace<VapidKeys> = {
  name: 'push (VAPID) key pair',
  make: () => webpush.generateVAPIDKeys(),
  async read(db) {
    const [stored] = await db
      .select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey })
      .from(pushKeys)
      .where(eq(pushKeys.id, 1));
    return stored;
  },
  keep: (db, made) =>
    db
      .insert(pushKeys)
      .values({ id: 1, ...made })
      .onConflictDoNothing(),
};

export interface Subscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How long a push service keeps an alert for a phone that is off: after four hours it is old news. */
const TTL_SECONDS = 4 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * Sends one encrypted message (RFC 8291, aes128gcm) with VAPID to one device. web-push encrypts and signs;
 * the request goes out through fetch, which speaks http to the tests' stand-in and https to the push
 * services. A subscription the push service calls gone (404, 410) is deleted; other failures are logged by
 * status and host only (an endpoint's path identifies a device, the keys are secrets).
 */
export async function pushTo(
  { db, log, keys, contact }: { db: Db; log: FastifyBaseLogger; keys: VapidKeys; contact: string },
  subscription: Subscription,
  message: PushMessage,
): Promise<'sent' | 'gone' | 'failed'> {
  const host = hostOf(subscription.endpoint);
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: contact, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
        ...(message.tag ? { topic: topicOf(message.tag) } : {}),
      },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    await response.body?.cancel();
    if (response.ok) {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date() })
        .where(eq(pushSubscriptions.id, subscription.id));
      return 'sent';
    }
    if (response.status === 404 || response.status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      log.info({ host, status: response.status }, 'a push subscription is gone: removed');
      return 'gone';
    }
    log.warn({ host, status: response.status }, 'the push service refused an alert');
    return 'failed';
  } catch (err) {
    log.warn({ host, error: err instanceof Error ? err.name : 'unknown' }, 'an alert could not be pushed');
    return 'failed';
  }
}

/** A push `Topic` header is at most 32 base64url characters. */
const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}
