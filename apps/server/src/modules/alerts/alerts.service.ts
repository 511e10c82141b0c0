import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import { newOrdersTitle, newOrderTitle, PUSH_MESSAGES } from '@bloomline/contract';
import type {
  AlertPreferences,
  AlertPreferencesBody,
  NewOrderEvent,
  PushMessage,
  PushSubscriptionBody,
} from '@bloomline/contract';

import type { Db } from '../../db/client';
import { alertPreferences, partners, pushSubscriptions, users } from '../../db/schema';
import { notFound, ValidationError } from '../../lib/errors';
import { keptSecret } from '../../lib/kept-secret';
import type { SessionUser } from '../../plugins/session';
import type { NewOrderForPartner } from '../../shared/new-orders';
import type { OrderEvents } from './order-events';
import { pushTo, VAPID_KEYS } from './push-delivery';

/**
 * The browsers' push services (Chrome and Edge's FCM, Firefox's autopush, Safari's, Windows'): a subscription
 * pointing anywhere else would make this server send requests where a user chose (SSRF).
 */
const PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^(?:[a-z0-9-]+\.)+push\.apple\.com$/,
  /^(?:[a-z0-9-]+\.)+notify\.windows\.com$/,
];

export interface NotificationsDeps {
  db: Db;
  log: FastifyBaseLogger;
  events: OrderEvents;
  /** `host` or `host:port` also accepted, over http too (the tests' stand-in push service). */
  extraHosts: readonly string[];
  /** VAPID subject. */
  contact: string;
}

/** Whether a push may be sent to this endpoint: https on a browser's push service, or an extra host. */
export function allowedEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraHosts.includes(url.host.toLowerCase()))
    return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICES.some((p) => p.test(url.hostname));
}

const DEFAULTS: AlertPreferences = { alerts: true, sound: true };

/** New-order alerts: the devices that receive them, each user's choices, and the sending after a change. */
export function createNotificationsService({ db, log, events, extraHosts, contact }: NotificationsDeps) {
  const vapid = keptSecret(db, VAPID_KEYS);
  /** Sends in flight, so a test (and a closing server) can wait for them. */
  const pending = new Set<Promise<unknown>>();

  async function preferencesOf(userId: number): Promise<AlertPreferences> {
    const [row] = await db
      .select({ alerts: alertPreferences.alerts, sound: alertPreferences.sound })
      .from(alertPreferences)
      .where(eq(alertPreferences.userId, userId));
    return row ?? DEFAULTS;
  }

  /**
   * Streams each new order of one change to its partner and pushes one alert to every device of its users who
   * keep alerts on: one order by its name, several (a bulk assign, issue 40) as their count, opening the list.
   */
  async function tell(partnerId: number, news: readonly NewOrderForPartner[]) {
    for (const { order } of news) {
      const event: NewOrderEvent = {
        type: 'new-order',
        orderId: order.id,
        orderName: order.name,
        partnerId,
        url: `/order/${String(order.id)}`,
      };
      await events
        .publish(event)
        .catch((err: unknown) =>
          log.warn(
            { error: err instanceof Error ? err.message : 'unknown' },
            'could not publish a new-order event',
          ),
        );
    }
    const devices = await db
      .select({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .leftJoin(alertPreferences, eq(alertPreferences.userId, users.id))
      .where(
        and(
          eq(users.partnerId, partnerId),
          eq(users.enabled, true),
          sql`coalesce(${alertPreferences.alerts}, true)`,
        ),
      );
    if (devices.length === 0) return;
    const [partner] = await db
      .select({ name: partners.name })
      .from(partners)
      .where(eq(partners.id, partnerId));
    const lineCount = news.reduce((n, e) => n + e.lineCount, 0);
    const one = news.length === 1 ? news[0]!.order : null;
    const message: PushMessage = {
      title: one ? newOrderTitle(one.name) : newOrdersTitle(news.length),
      body: `${String(lineCount)} item${lineCount === 1 ? '' : 's'} for ${partner?.name ?? 'you'}. Tap to open and accept.`,
      url: one ? `/order/${String(one.id)}` : '/orders/open',
      tag: one ? `order-${String(one.id)}` : 'new-orders',
    };
    const deps = { db, log, keys: await vapid(), contact };
    await Promise.all(devices.map((device) => pushTo(deps, device, message)));
  }

  /**
   * Called after a change has committed: sends in the background, so the request neither waits for the push
   * services nor fails with them. Each partner of one change is told once (each order streamed, one push).
   */
  function announce(news: readonly NewOrderForPartner[]) {
    const byPartner = new Map<number, NewOrderForPartner[]>();
    for (const n of news) byPartner.set(n.partnerId, [...(byPartner.get(n.partnerId) ?? []), n]);
    for (const [partnerId, theirs] of byPartner) {
      const sending = tell(partnerId, theirs)
        .catch((err: unknown) =>
          log.error(
            { error: err instanceof Error ? err.message : 'unknown', partnerId },
            'new-order alert failed',
          ),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    }
  }

  return {
    publicKey: async () => ({ publicKey: (await vapid()).publicKey }),

    /** Stores this device for the user; a device another user had subscribed becomes this user's. */
    async subscribe(user: SessionUser, body: PushSubscriptionBody) {
      if (!allowedEndpoint(body.endpoint, extraHosts))
        throw ValidationError.field('endpoint', PUSH_MESSAGES.endpoint);
      const values = {
        userId: user.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
      };
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: user.id,
            p256dh: values.p256dh,
            auth: values.auth,
            createdAt: new Date(),
            lastSuccessAt: null,
          },
        })
        .returning({ id: pushSubscriptions.id, createdAt: pushSubscriptions.createdAt });
      return { id: row!.id, createdAt: row!.createdAt.toISOString() };
    },

    /** Forgets one of the user's own devices; another user's is 404. */
    async unsubscribe(user: SessionUser, id: number) {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, user.id)))
        .returning({ id: pushSubscriptions.id });
      if (gone.length === 0) throw notFound();
    },

    preferences: (user: SessionUser) => preferencesOf(user.id),

    async setPreferences(user: SessionUser, body: AlertPreferencesBody) {
      const next = { ...(await preferencesOf(user.id)), ...body };
      await db
        .insert(alertPreferences)
        .values({ userId: user.id, ...next })
        .onConflictDoUpdate({ target: alertPreferences.userId, set: { ...next, updatedAt: new Date() } });
      return next;
    },

    announce,

    /** Resolves when every alert started so far has been sent (tests; a closing server). */
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
