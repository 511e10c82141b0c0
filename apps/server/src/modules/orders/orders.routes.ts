import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  actionResult,
  dashboardCounts as dashboardCountsSchema,
  dataOf,
  deliveryDateBody,
  errorBody,
  historyEntry,
  idParams,
  LINE_STATUSES,
  lineIdBody,
  lineStatusItem,
  orderDetail as orderDetailSchema,
  orderListRequest,
  orderSummary,
  paged,
  reassignBody,
  rejectBody,
  rejectLineBody,
} from '@bloomline/contract';
import type { LineAction, OrderAction } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { orderLineRejectReasons } from '../../db/schema';
import { currentUser, requireStaff, requireUser } from '../../plugins/session';
import { onPaymentFor, orderDetail, orderHistoryFor } from './order-detail.queries';
import { dashboardCounts, listOrders } from './orders.queries';
import { viewerOf } from './orders.scope';
import type { OrdersService } from './orders.service';

const tags = ['orders'];
const errors = {
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  419: errorBody,
  422: errorBody,
};

const ORDER_ACTION_PATHS: OrderAction[] = [
  'accept',
  'cancel',
  'cancel-confirm',
  'cancel-reject',
  'fulfill',
  'deliver',
  'un-accept',
];
const LINE_ACTION_BY_BODY: [string, LineAction][] = [
  ['/api/accept-order-line', 'accept'],
  ['/api/unaccept-order-line', 'unaccept'],
  ['/api/fulfill-order-line', 'fulfill'],
  ['/api/deliver-order-line', 'deliver'],
];
const LINE_ACTION_BY_PATH: [string, LineAction][] = [
  ['cancel', 'cancel'],
  ['cancel-rejected', 'cancel-rejected'],
  ['cancel-confirmed', 'cancel-confirmed'],
];

const done = (r: { id: number; status: string }) =>
  ({ data: r, message: `Done: now ${r.status}.` }) as z.infer<typeof actionResult>;

export const ordersRoutes: FastifyPluginAsyncZod<{ db: Db; orders: OrdersService }> = async (
  app,
  { db, orders },
) => {
  app.get(
    '/api/dashboard',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Order counts for the dashboard cards',
        response: { 200: dataOf(dashboardCountsSchema), 401: errorBody },
      },
    },
    async (request) => ({
      data: await dashboardCounts(db, viewerOf(currentUser(request)), { caches: orders.caches }),
    }),
  );

  app.get(
    '/api/orders',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Orders, paged, searched, filtered and sorted',
        querystring: orderListRequest,
        response: { 200: paged(orderSummary), 401: errorBody },
      },
    },
    async (request) =>
      listOrders(db, viewerOf(currentUser(request)), request.query, '/api/orders', {
        caches: orders.caches,
        onError: (err) => request.log.error({ err }, 'could not build the order list page anchors'),
      }),
  );

  app.get(
    '/api/orders/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'One order',
        params: idParams,
        response: { 200: dataOf(orderDetailSchema), ...errors },
      },
    },
    async (request) => ({ data: await orderDetail(db, viewerOf(currentUser(request)), request.params.id) }),
  );

  app.get(
    '/api/orders/:id/onpayment',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'The on-pay calculation as labelled rows',
        params: idParams,
        response: { 200: dataOf(z.record(z.string(), z.number())), ...errors },
      },
    },
    async (request) => ({ data: await onPaymentFor(db, viewerOf(currentUser(request)), request.params.id) }),
  );

  app.get(
    '/api/orders/:id/history',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'The order history, newest first',
        params: idParams,
        response: { 200: dataOf(z.array(historyEntry)), ...errors },
      },
    },
    async (request) => ({
      data: await orderHistoryFor(db, viewerOf(currentUser(request)), request.params.id),
    }),
  );

  for (const action of ORDER_ACTION_PATHS) {
    app.post(
      `/api/orders/:id/${action}`,
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: `Order workflow: ${action}`,
          params: idParams,
          response: { 200: actionResult, ...errors },
        },
      },
      async (request) => done(await orders.orderAction(currentUser(request), request.params.id, action)),
    );
  }

  app.post(
    '/api/orders/:id/reject',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Order workflow: reject with a reason',
        params: idParams,
        body: rejectBody,
        response: { 200: actionResult, ...errors },
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
        response: { 200: actionResult, ...errors },
      },
    },
    async (request) => ({
      data: await orders.setDeliveryDate(currentUser(request), request.params.id, request.body.deliveryDate),
      message: `Delivery date set to ${request.body.deliveryDate}.`,
    }),
  );

  app.get(
    '/api/order-line-reject-reasons',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Reasons to reject a line (a bare array)',
        response: { 200: z.array(z.string()), 401: errorBody },
      },
    },
    async () =>
      (
        await db
          .select({ reason: orderLineRejectReasons.reason })
          .from(orderLineRejectReasons)
          .orderBy(asc(orderLineRejectReasons.position), asc(orderLineRejectReasons.id))
      ).map((r) => r.reason),
  );

  app.get(
    '/api/order-line-statuses',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Line statuses with their ids',
        response: { 200: dataOf(z.array(lineStatusItem)), 401: errorBody },
      },
    },
    async () => ({ data: LINE_STATUSES.map((s) => ({ id: s.id, name: s.name })) }),
  );

  app.post(
    '/api/reject-order-line',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Line workflow: reject on behalf of the partner',
        body: rejectLineBody,
        response: { 200: actionResult, ...errors },
      },
    },
    async (request) =>
      done(
        await orders.lineAction(currentUser(request), request.body.id, 'reject', {
          reason: request.body.reason,
        }),
      ),
  );

  for (const [path, action] of LINE_ACTION_BY_BODY) {
    app.post(
      path,
      {
        preValidation: requireStaff,
        schema: {
          tags,
          summary: `Line workflow: ${action}`,
          body: lineIdBody,
          response: { 200: actionResult, ...errors },
        },
      },
      async (request) => done(await orders.lineAction(currentUser(request), request.body.id, action)),
    );
  }

  for (const [segment, action] of LINE_ACTION_BY_PATH) {
    app.post(
      `/api/order-lines/:id/${segment}`,
      {
        preValidation: requireStaff,
        schema: {
          tags,
          summary: `Line workflow: ${action}`,
          params: idParams,
          response: { 200: actionResult, ...errors },
        },
      },
      async (request) => done(await orders.lineAction(currentUser(request), request.params.id, action)),
    );
  }

  app.post(
    '/api/reassign-order-line/:id',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Assigns a line to a partner, who is told by e-mail',
        params: idParams,
        body: reassignBody,
        response: { 200: actionResult, ...errors },
      },
    },
    async (request) =>
      done(
        await orders.lineAction(currentUser(request), request.params.id, 'assign', {
          partnerId: request.body.partner_id,
        }),
      ),
  );
};
