import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  alertPreferences,
  alertPreferencesBody,
  dataOf,
  pushSubscriptionBody,
  pushSubscriptionParams,
  pushSubscriptionRecord,
  vapidKey,
} from '@bloomline/contract';
import type { NewOrderEvent } from '@bloomline/contract';

import { forbidden } from '../../lib/errors';
import { errorResponses } from '../../lib/responses';
import { currentUser, guardModule, requireUser } from '../../plugins/session';
import type { NotificationsService } from './alerts.service';
import type { OrderEvents } from './order-events';

const tags = ['notifications'];
/** Staff have no alerts: these routes answer them 403. */
const partnerOnly = errorResponses(403);
/** A subscription is a few hundred bytes; anything much larger is not one. */
const SUBSCRIPTION_BODY_LIMIT = 4 * 1024;
/** A comment line this often keeps proxies and phones from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/**
 * How soon a phone reconnects when this instance ends its stream to stop (a deploy): soon, and through the
 * balancer to an instance that stays.
 */
export const STOPPING_RETRY_MS = 1_000;

/** New-order alerts are about a partner's lines: devices, choices and the live stream are partner users'. */
async function requirePartner(request: FastifyRequest) {
  await requireUser(request);
  if (currentUser(request).partnerId === null) throw forbidden('New-order alerts are for partner users.');
}

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  events: OrderEvents;
  /** Counts the open streams (/metrics). */
  streams: { inc(): void; dec(): void };
}> = async (app, { notifications, events, streams: counter }) => {
  guardModule(app, requireUser);
  const streams = new Set<FastifyReply>();
  // Open streams never end by themselves: the server ends them before it closes, telling each phone to
  // reconnect in a second (to another instance, through the balancer) instead of its usual wait.
  app.addHook('preClose', async () => {
    for (const reply of streams) {
      reply.raw.end(`retry: ${String(STOPPING_RETRY_MS)}\n: this server is stopping; reconnect\n\n`);
    }
  });

  app.get(
    '/api/notifications/public-key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key browsers subscribe with',
        response: { 200: dataOf(vapidKey) },
      },
    },
    async () => ({ data: await notifications.publicKey() }),
  );

  app.post(
    '/api/notifications/subscriptions',
    {
      preValidation: requirePartner,
      bodyLimit: SUBSCRIPTION_BODY_LIMIT,
      schema: {
        tags,
        summary: "Stores this device's push subscription for new-order alerts",
        body: pushSubscriptionBody,
        response: { 201: dataOf(pushSubscriptionRecord), ...partnerOnly },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await notifications.subscribe(currentUser(request), request.body) }),
  );

  app.delete(
    '/api/notifications/subscriptions/:id',
    {
      preValidation: requirePartner,
      schema: {
        tags,
        summary: 'Forgets one of your devices',
        params: pushSubscriptionParams,
        response: { 204: z.null(), ...partnerOnly },
      },
    },
    async (request, reply) => {
      await notifications.unsubscribe(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      preValidation: requirePartner,
      schema: {
        tags,
        summary: 'Your new-order alert choices',
        response: { 200: dataOf(alertPreferences), ...partnerOnly },
      },
    },
    async (request) => ({ data: await notifications.preferences(currentUser(request)) }),
  );

  app.put(
    '/api/notifications/preferences',
    {
      preValidation: requirePartner,
      schema: {
        tags,
        summary: 'Turns your new-order alerts or their sound on or off',
        body: alertPreferencesBody,
        response: { 200: dataOf(alertPreferences), ...partnerOnly },
      },
    },
    async (request) => ({ data: await notifications.setPreferences(currentUser(request), request.body) }),
  );

  app.get(
    '/api/notifications/stream',
    {
      preValidation: requirePartner,
      schema: {
        tags,
        summary: 'Server-sent events: `new-order` for each order newly given to your partner',
        produces: ['text/event-stream'],
        response: { 200: z.string(), ...partnerOnly },
      },
    },
    (request, reply) => {
      const partnerId = currentUser(request).partnerId;
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and its kind buffer answers unless told not to.
        'x-accel-buffering': 'no',
        // Set on the reply by the request-id hook, which a hijacked answer leaves behind.
        'x-request-id': request.id,
      });
      // Tell the browser how soon to reconnect after a dropped connection.
      reply.raw.write('retry: 3000\n: connected\n\n');
      const send = (event: NewOrderEvent) => {
        if (event.partnerId === partnerId)
          reply.raw.write(`event: new-order\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const stop = events.subscribe(send);
      const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
      streams.add(reply);
      counter.inc();
      reply.raw.on('close', () => {
        clearInterval(heartbeat);
        stop();
        streams.delete(reply);
        counter.dec();
      });
    },
  );
};
