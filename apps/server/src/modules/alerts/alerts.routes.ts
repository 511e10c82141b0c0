import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { alertRoutes } from '@bloomline/contract';
import type { NewOrderEvent } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { forbidden } from '../../lib/errors';
import { currentUser, guardModule, requireUser } from '../../plugins/session';
import type { NotificationsService } from './alerts.service';
import type { OrderEvents } from './order-events';

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

  const routes = await areaRoutes(app, { tags: ['notifications'] });
  /** Staff have no alerts: these routes answer them 403. */
  const partnerOnly = { preValidation: requirePartner, errors: [403 as const] };

  routes.serve(
    alertRoutes.publicKey,
    { summary: 'The VAPID public key browsers subscribe with' },
    async () => ({
      data: await notifications.publicKey(),
    }),
  );
  routes.serve(
    alertRoutes.subscribe,
    {
      summary: "Stores this device's push subscription for new-order alerts",
      created: true,
      bodyLimit: SUBSCRIPTION_BODY_LIMIT,
      ...partnerOnly,
    },
    async ({ user, body }) => ({ data: await notifications.subscribe(user, body) }),
  );
  routes.serve(
    alertRoutes.unsubscribe,
    { summary: 'Forgets one of your devices', ...partnerOnly },
    async ({ user, params }) => {
      await notifications.unsubscribe(user, params.id);
    },
  );
  routes.serve(
    alertRoutes.preferences,
    { summary: 'Your new-order alert choices', ...partnerOnly },
    async ({ user }) => ({
      data: await notifications.preferences(user),
    }),
  );
  routes.serve(
    alertRoutes.setPreferences,
    { summary: 'Turns your new-order alerts or their sound on or off', ...partnerOnly },
    async ({ user, body }) => ({ data: await notifications.setPreferences(user, body) }),
  );

  routes.serveOwn(
    alertRoutes.stream,
    {
      summary: 'Server-sent events: `new-order` for each order newly given to your partner',
      produces: ['text/event-stream'],
      ...partnerOnly,
    },
    ({ user, request, reply }) => {
      const partnerId = user.partnerId;
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
      return reply;
    },
  );
};
