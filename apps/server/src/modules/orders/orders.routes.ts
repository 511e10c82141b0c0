import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { LINE_STATUSES, orderExportFileName, orderRoutes } from '@bloomline/contract';
import type { actionResult, LineStatus } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { sendCsv } from '../../lib/csv';
import { clientGone } from '../../lib/download';
import { guardModule, requireStaff, requireUser } from '../../plugins/session';
import type { OrdersService } from './orders.service';

type Routes = Awaited<ReturnType<typeof areaRoutes>>;

const done = (r: { id: number; status: LineStatus }): z.input<typeof actionResult> => ({
  data: r,
  message: `Done: now ${r.status}.`,
});

/** Orders and their lines: any signed-in user (a partner sees their own lines); staff's tools are staff only. */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags: ['orders'] });
  // In this order, which is the API document's.
  readRoutes(routes, orders);
  orderWorkflowRoutes(routes, orders);
  lookupRoutes(routes, orders);
  lineWorkflowRoutes(routes, orders);
};

/** What the screens read: the dashboard's counts, the list, one order and its panels. */
function readRoutes(routes: Routes, orders: OrdersService) {
  routes.serve(
    orderRoutes.dashboard,
    { summary: 'Order counts for the dashboard cards' },
    async ({ user }) => ({
      data: await orders.dashboard(user),
    }),
  );

  routes.serveOwn(
    orderRoutes.list,
    { summary: 'Orders, paged, searched, filtered and sorted', produces: ['application/json', 'text/csv'] },
    ({ user, query, request, reply }) => {
      // Export what you see (issue 40): the same filter, sort and search, every page, as the screen's columns.
      if (request.headers.accept?.includes('text/csv'))
        return sendCsv(
          reply,
          orderExportFileName(query.filter),
          orders.exportCsv(user, query, clientGone(reply)),
        );
      return orders.list(user, query, orderRoutes.list.path, (err) =>
        request.log.error({ err }, 'could not build the order list page anchors'),
      );
    },
  );

  routes.serve(orderRoutes.get, { summary: 'One order' }, async ({ user, params }) => ({
    data: await orders.detail(user, params.id),
  }));
  routes.serve(
    orderRoutes.onPayment,
    { summary: 'The on-pay calculation as labelled rows' },
    async ({ user, params }) => ({
      data: await orders.onPayment(user, params.id),
    }),
  );
  routes.serve(
    orderRoutes.history,
    { summary: 'The order history, newest first' },
    async ({ user, params }) => ({
      data: await orders.history(user, params.id),
    }),
  );
}

/**
 * The order-level workflow (the partner's, or staff cancelling) and the delivery date. An order action is either
 * the partner's or staff's (ORDER_ACTIONS' `role`): the other answers 403, which the service decides.
 */
function orderWorkflowRoutes(routes: Routes, orders: OrdersService) {
  for (const [action, decl] of Object.entries(orderRoutes.action))
    routes.serve(
      decl,
      { summary: `Order workflow: ${action}`, errors: [403, 409] },
      async ({ user, params }) =>
        done(await orders.orderAction(user, params.id, action as keyof typeof orderRoutes.action)),
    );

  routes.serve(
    orderRoutes.reject,
    { summary: 'Order workflow: reject with a reason', errors: [403, 409] },
    async ({ user, params, body }) => done(await orders.orderAction(user, params.id, 'reject', body.reason)),
  );

  routes.serve(
    orderRoutes.deliveryDate,
    { summary: 'Sets the delivery date', preValidation: requireStaff, errors: [409] },
    async ({ user, params, body }) => ({
      data: await orders.setDeliveryDate(user, params.id, body.deliveryDate),
      message: `Delivery date set to ${body.deliveryDate}.`,
    }),
  );
}

/** The fixed lists the workflow's forms offer. */
function lookupRoutes(routes: Routes, orders: OrdersService) {
  routes.serve(orderRoutes.rejectReasons, { summary: 'Reasons to reject a line (a bare array)' }, async () =>
    orders.rejectReasons(),
  );
  routes.serve(orderRoutes.lineStatuses, { summary: 'Line statuses with their ids' }, async () => ({
    data: LINE_STATUSES.map((s) => ({ id: s.id, name: s.name })),
  }));
}

/** Staff's line tools: a line's candidates and every line action, on behalf of its partner. */
function lineWorkflowRoutes(routes: Routes, orders: OrdersService) {
  const staff = { preValidation: requireStaff };
  routes.serve(
    orderRoutes.lineCandidates,
    { summary: 'Partners who could take a line, nearest first', ...staff },
    async ({ params, query }) => ({
      data: await orders.candidates(params.id, { all: query.all, q: query.q }),
    }),
  );

  const refused = { ...staff, errors: [409 as const] };
  routes.serve(
    orderRoutes.lineReject,
    { summary: 'Line workflow: reject on behalf of the partner', ...refused },
    async ({ user, body }) => done(await orders.lineAction(user, body.id, 'reject', { reason: body.reason })),
  );
  for (const [action, decl] of Object.entries(orderRoutes.lineActionByBody))
    routes.serve(decl, { summary: `Line workflow: ${action}`, ...refused }, async ({ user, body }) =>
      done(await orders.lineAction(user, body.id, action as keyof typeof orderRoutes.lineActionByBody)),
    );
  for (const [action, decl] of Object.entries(orderRoutes.lineActionByPath))
    routes.serve(decl, { summary: `Line workflow: ${action}`, ...refused }, async ({ user, params }) =>
      done(await orders.lineAction(user, params.id, action as keyof typeof orderRoutes.lineActionByPath)),
    );
  routes.serve(
    orderRoutes.lineAssign,
    { summary: 'Assigns a line to a partner, who is told by e-mail', ...refused },
    async ({ user, params, body }) =>
      done(await orders.lineAction(user, params.id, 'assign', { partnerId: body.partner_id })),
  );
}
