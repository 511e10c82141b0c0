import { z } from 'zod';

import { pathId } from './fields';
import { dataOf } from './paging';
import { route } from './routes';

/**
 * New-order alerts (issue 25): Web Push to a partner user's devices and a live event stream to the open app.
 * See docs/decisions.md "Issue 25: new-order alerts".
 */

/**
 * What the server sends in a Web Push message and the service worker (`apps/web/src/sw.ts`) shows: a
 * notification titled `title` whose click opens `url`; `tag` folds repeated alerts for one order into one.
 */
export const pushMessage = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessage>;

/** What the service worker posts to the open app's windows when a push arrives. */
export const PUSH_CLIENT_MESSAGE = 'new-order';
export type PushClientMessage = { type: typeof PUSH_CLIENT_MESSAGE; url: string };

/** An event of `GET /api/notifications/stream` (server-sent events, `event: new-order`). */
export const newOrderEvent = z.object({
  type: z.literal('new-order'),
  orderId: z.number(),
  orderName: z.string(),
  /** The partner the lines were assigned to: the stream sends each partner only its own. */
  partnerId: z.number(),
  /** The app's address of the order, e.g. `/order/12`. */
  url: z.string(),
});
export type NewOrderEvent = z.infer<typeof newOrderEvent>;

/** `GET /api/notifications/public-key`: the VAPID public key the browser subscribes with (base64url). */
export const vapidKey = z.object({ publicKey: z.string() });
export type VapidKey = z.infer<typeof vapidKey>;

/** How many bytes the base64url text (unpadded, or padded with `=`) decodes to, or -1 when it is none. */
export function base64UrlBytes(text: string): number {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return -1;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

export const PUSH_MESSAGES = {
  endpoint: 'The endpoint must be the https address of a browser push service.',
  p256dh: 'The key must be an uncompressed P-256 public key (65 bytes, base64url).',
  auth: 'The authentication secret must be 16 bytes (base64url).',
} as const;

/** The longest endpoint stored; the push services' addresses are a few hundred characters. */
export const MAX_ENDPOINT_LENGTH = 1024;

/**
 * `POST /api/notifications/subscriptions`: the browser's `PushSubscription.toJSON()`. Which hosts may be an
 * endpoint is the server's decision (its allow-list), after this shape.
 */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: PUSH_MESSAGES.endpoint })
    .max(MAX_ENDPOINT_LENGTH, { error: PUSH_MESSAGES.endpoint })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
      error: PUSH_MESSAGES.endpoint,
    }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed point starts with byte 4, which base64url writes as a leading "B".
      p256dh: z
        .string({ error: PUSH_MESSAGES.p256dh })
        .refine((v) => base64UrlBytes(v) === 65 && v.startsWith('B'), { error: PUSH_MESSAGES.p256dh }),
      auth: z
        .string({ error: PUSH_MESSAGES.auth })
        .refine((v) => base64UrlBytes(v) === 16, { error: PUSH_MESSAGES.auth }),
    },
    { error: PUSH_MESSAGES.p256dh },
  ),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

/** A stored subscription as its owner sees it. */
export const pushSubscriptionRecord = z.object({ id: z.number(), createdAt: z.string() });
export type PushSubscriptionRecord = z.infer<typeof pushSubscriptionRecord>;

export const pushSubscriptionParams = z.object({ id: pathId() });

/** `GET`/`PUT /api/notifications/preferences`: the signed-in user's alerts (push and banner) and chime. */
export const alertPreferences = z.object({ alerts: z.boolean(), sound: z.boolean() });
export type AlertPreferences = z.infer<typeof alertPreferences>;
export const alertPreferencesBody = z.object({
  alerts: z.boolean().optional(),
  sound: z.boolean().optional(),
});
export type AlertPreferencesBody = z.input<typeof alertPreferencesBody>;

/** The words of the alert, on the phone's lock screen and in the app's banner. */
export const newOrderTitle = (orderName: string) => `New order ${orderName}`;
/** The one alert of several orders given to a partner at once (a bulk assign, issue 40). */
export const newOrdersTitle = (count: number) => `${String(count)} new orders`;

/**
 * New-order alerts' routes (issue 37): the browser's key, this device's subscription, the partner user's choices
 * and the live stream (server-sent events, opened by `EventSource` at `pathOf(alertRoutes.stream)`).
 */
export const alertRoutes = {
  publicKey: route({ method: 'GET', path: '/api/notifications/public-key', answer: dataOf(vapidKey) }),
  subscribe: route({
    method: 'POST',
    path: '/api/notifications/subscriptions',
    body: pushSubscriptionBody,
    answer: dataOf(pushSubscriptionRecord),
  }),
  unsubscribe: route({
    method: 'DELETE',
    path: '/api/notifications/subscriptions/:id',
    params: pushSubscriptionParams,
  }),
  preferences: route({
    method: 'GET',
    path: '/api/notifications/preferences',
    answer: dataOf(alertPreferences),
  }),
  setPreferences: route({
    method: 'PUT',
    path: '/api/notifications/preferences',
    body: alertPreferencesBody,
    answer: dataOf(alertPreferences),
  }),
  stream: route({ method: 'GET', path: '/api/notifications/stream', answer: z.string() }),
};
