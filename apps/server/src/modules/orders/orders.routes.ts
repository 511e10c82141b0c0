import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  actionResult,
  candidatesQuery,
  dashboardCounts,
  dataOf,
  deliveryDateBody,
  historyEntry,
  idParams,
  LINE_ACTION_NAMES,
  LINE_ACTIONS,
  LINE_STATUSES,
  lineIdBody,
  lineStatusItem,
  ORDER_ACTION_NAMES,
  ORDER_ACTIONS,
  orderDetail,
  orderExportFileName,
  orderListRequest,
  orderSummary,
  paged,
  partnerCandidate,
  reassignBody,
  rejectBody,
  rejectLineBody,
} from '@bloomline/contract';

import { sendCsv } from '../../lib/csv';
import { clientGone } from '../../lib/download';
import { errorResponses } from '../../lib/responses';
import { currentUser, guardModule, requireStaff, requireUser } from '../../plugins/session';
import type { OrdersService } from './orders.service';

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['orders'];
/** A refused transition (409) is the one error the workflow adds to what every route answers. */
const refused = errorResponses(409);
/**
 * An order action is either the partner's or staff's (ORDER_ACTIONS' `role`): the other answers 403, which
 * the service decides, so these routes declare it themselves.
 */
const refusedOrForbidden = errorResponses(403, 409);

const done = (r: { id: number; status: string }) =>
  ({ data: r, message: `Done: now ${r.status}.` }) as z.infer<typeof actionResult>;

/** The contract's `{id}` path pattern as the router writes it. */
const routeOf = (pattern: string) => pattern.replace('{id}', ':id');

// The line actions as the workflow table sends them: the id in the body (the older calls) or in the path;
// reject carries a reason and assign a partner.
const lineActions = LINE_ACTION_NAMES.filter((a) => a !== 'reject' && a !== 'assign');
const idInBody = lineActions.filter((a) => LINE_ACTIONS[a].idInBody);
const idInPath = lineActions.filter((a) => !LINE_ACTIONS[a].idInBody);
const orderActions = ORDER_ACTION_NAMES.filter((a) => !('needsReason' in ORDER_ACTIONS[a]));

/** Orders and their lines: any signed-in user (a partner sees their own lines); staff's tools are staff only. */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  guardModule(app, requireUser);
  // In this order, which is the API document's.
  readRoutes(app, orders);
  orderWorkflowRoutes(app, orders);
  lookupRoutes(app, orders);
  lineWorkflowRoutes(app, orders);
};

/** What the screens read: the dashboard's counts, the list, one order and its panels. */
function readRoutes(app: App, orders: OrdersService) {
  app.get(
    '/api/dashboard',
    {
      schema: {
        tags,
        summary: 'Order counts for the dashboard cards',
        response: { 200: dataOf(dashboardCounts) },
      },
    },
    async (request) => ({ data: await orders.dashboard(currentUser(request)) }),
  );

  app.get(
    '/api/orders',
    {
      schema: {
        tags,
        summary: 'Orders, paged, searched, filtered and sorted',
        querystring: orderListRequest,
        produces: ['application/json', 'text/csv'],
        // Documented as the JSON page; widened for the handler, which answers the CSV stream instead when asked.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        response: { 200: paged(orderSummary) as z.ZodType },
      },
    },
    async (request, reply) => {
      // Export what you see (issue 40): the same filter, sort and search, every page, as the screen's columns.
      if (request.headers.accept?.includes('text/csv'))
        return sendCsv(
          reply,
          orderExportFileName(request.query.filter),
          orders.exportCsv(currentUser(request), request.query, clientGone(reply)),
        );
      return orders.list(currentUser(request), request.query, '/api/orders', (err) =>
        request.log.error({ err }, 'could not build the order list page anchors'),
      );
    },
  );

  app.get(
    '/api/orders/:id',
    { schema: { tags, summary: 'One order', params: idParams, response: { 200: dataOf(orderDetail) } } },
    async (request) => ({ data: await orders.detail(currentUser(request), request.params.id) }),
  );

  app.get(
    '/api/orders/:id/onpayment',
    {
      schema: {
        tags,
        summary: 'The on-pay calculation as labelled rows',
        params: idParams,
        response: { 200: dataOf(z.record(z.string(), z.number())) },
      },
    },
    async (request) => ({ data: await orders.onPayment(currentUser(request), request.params.id) }),
  );

  app.get(
    '/api/orders/:id/history',
    {
      schema: {
        tags,
        summary: 'The order history, newest first',
        params: idParams,
        response: { 200: dataOf(z.array(historyEntry)) },
      },
    },
    async (request) => ({ data: await orders.history(currentUser(request), request.params.id) }),
  );
}

/** The order-level workflow (the partner's, or staff cancelling) and the delivery date. */
function orderWorkflowRoutes(app: App, orders: OrdersService) {
  for (const action of orderActions) {
    app.post(
      `/api/orders/:id/${action}`,
      {
        schema: {
          tags,
          summary: `Order workflow: ${action}`,
          params: idParams,
          response: { 200: actionResult, ...refusedOrForbidden },
        },
      },
      async (request) => done(await orders.orderAction(currentUser(request), request.params.id, action)),
    );
  }

  app.post(
    '/api/orders/:id/reject',
    {
      schema: {
        tags,
        summary: 'Order workflow: reject with a reason',
        params: idParams,
        body: rejectBody,
        response: { 200: actionResult, ...refusedOrForbidden },
      },
    },
    async (request) =>
      done(await orders.orderAction(currentUser(request), request.params.id, 'reject', request.body.reason)),
  );

  app.put(
    '/api/orders/:id/delivery-date',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Sets the delivery date',
        params: idParams,
        body: deliveryDateBody,
        response: { 200: actionResult, ...refused },
      },
    },
    async (request) => ({
      data: await orders.setDeliveryDate(currentUser(request), request.params.id, request.body.deliveryDate),
      message: `Delivery date set to ${request.body.deliveryDate}.`,
    }),
  );
}

/** The fixed lists the workflow's forms offer. */
function lookupRoutes(app: App, orders: OrdersService) {
  app.get(
    '/api/order-line-reject-reasons',
    {
      schema: {
        tags,
        summary: 'Reasons to reject a line (a bare array)',
        response: { 200: z.array(z.string()) },
      },
    },
    async () => orders.rejectReasons(),
  );

  app.get(
    '/api/order-line-statuses',
    {
      schema: {
        tags,
        summary: 'Line statuses with their ids',
        response: { 200: dataOf(z.array(lineStatusItem)) },
      },
    },
    async () => ({ data: LINE_STATUSES.map((s) => ({ id: s.id, name: s.name })) }),
  );
}
/** Staff's line tools: a line's candidates and every line action, on behalf of its partner. */
function lineWorkflowRoutes(app: App, orders: OrdersService) {
  app.get(
    '/api/order-lines/:id/partners',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Partners who could take a line, nearest first',
        params: idParams,
        querystring: candidatesQuery,
        response: { 200: dataOf(z.array(partnerCandidate)) },
      },
    },
    async (request) => ({
      data: await orders.candidates(request.params.id, { all: request.query.all, q: request.query.q }),
    }),
  );

  app.post(
    LINE_ACTIONS.reject.route,
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Line workflow: reject on behalf of the partner',
        body: rejectLineBody,
        response: { 200: actionResult, ...refused },
      },
    },
    async (request) =>
      done(
        await orders.lineAction(currentUser(request), request.body.id, 'reject', {
          reason: request.body.reason,
        }),
      ),
  );

  for (const action of idInBody) {
    app.post(
      LINE_ACTIONS[action].route,
      {
        preValidation: requireStaff,
        schema: {
          tags,
          summary: `Line workflow: ${action}`,
          body: lineIdBody,
          response: { 200: actionResult, ...refused },
        },
      },
      async (request) => done(await orders.lineAction(currentUser(request), request.body.id, action)),
    );
  }

  for (const action of idInPath) {
    app.post(
      routeOf(LINE_ACTIONS[action].route),
      {
        preValidation: requireStaff,
        schema: {
          tags,
          summary: `Line workflow: ${action}`,
          params: idParams,
          response: { 200: actionResult, ...refused },
        },
      },
      async (request) => done(await orders.lineAction(currentUser(request), request.params.id, action)),
    );
  }

  app.post(
    routeOf(LINE_ACTIONS.assign.route),
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Assigns a line to a partner, who is told by e-mail',
        params: idParams,
        body: reassignBody,
        response: { 200: actionResult, ...refused },
      },
    },
    async (request) =>
      done(
        await orders.lineAction(currentUser(request), request.params.id, 'assign', {
          partnerId: request.body.partner_id,
        }),
      ),
  );
}
