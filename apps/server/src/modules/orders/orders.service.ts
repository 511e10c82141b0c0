import type { FastifyBaseLogger } from 'fastify';

import type {
  BulkActionBody,
  GroupCandidatesQuery,
  IntakeOrderBody,
  LineAction,
  OrderAction,
  OrderEntryBody,
  OrderListQuery,
} from '@bloomline/contract';

import type { Db } from '../../db/client';
import type { QueueMail } from '../../lib/mail-queue';
import type { SessionUser } from '../../plugins/session';
import type { AnnounceNewOrders } from '../../shared/new-orders';
import { enterOrder, shopOrderId } from '../../shared/order-entry';
import type { OrderMaker } from '../../shared/order-entry';
import { csvStream } from '../../lib/csv';
import { found } from '../../lib/errors';
import { viewerOf } from '../../lib/viewer';
import { bulkAction } from './bulk-actions';
import { groupCandidatesFor } from './group-candidates.queries';
import { candidatesFor } from './candidates.queries';
import { lineAction, orderAction, setDeliveryDate } from './order-actions';
import { onPaymentFor, orderDetail, orderHistoryFor } from './order-detail.queries';
import { notifierOfAssignments, notifierOfManyAssignments } from './order-notices';
import { matchingOrderIds, ORDER_CSV, orderExportBatches } from './orders-export';
import type { OrderListCaches } from './orders.list-speedups';
import { dashboardCounts, listOrders, rejectReasons } from './orders.queries';

export interface OrdersDeps {
  db: Db;
  queueMail: QueueMail;
  appUrl: string;
  log: FastifyBaseLogger;
  /** The list caches this process reads through; every change here empties their totals. */
  caches?: OrderListCaches;
  /** Tells partners of lines newly given to them, after the change commits (modules/alerts). */
  announce?: AnnounceNewOrders;
  /**
   * The live new-order events (modules/alerts), heard from every process: each one empties the totals
   * and counts before the open apps hear it, so the list an app refreshes on it already holds the order, even
   * when another module or another instance made it.
   */
  newOrders?: { subscribe: (listener: () => void) => unknown };
}

/** The orders' reads (the queries, for this viewer) and changes (order-actions.ts), wired to this process. */
export function createOrdersService({ db, queueMail, appUrl, log, caches, announce, newOrders }: OrdersDeps) {
  const notifyAssigned = notifierOfAssignments({ db, queueMail, appUrl, log });
  const notifyAssignedMany = notifierOfManyAssignments({ db, queueMail, appUrl, log });
  const forgetTotals = () => {
    caches?.totals.invalidate();
    caches?.dashboards.invalidate();
  };
  newOrders?.subscribe(forgetTotals);

  /** A change (even one refused half-way, which rolls back) drops the cached totals and dashboard counts. */
  function thenForgetTotals<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
    return async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } finally {
        forgetTotals();
      }
    };
  }

  return {
    caches,
    // What the screens read: each a query, for this viewer.
    dashboard: (user: SessionUser) => dashboardCounts(db, viewerOf(user), { caches }),
    list: (user: SessionUser, query: OrderListQuery, path: string, onError: (err: unknown) => void) =>
      listOrders(db, viewerOf(user), query, path, { caches, onError }),
    detail: (user: SessionUser, orderId: number) => orderDetail(db, viewerOf(user), orderId),
    onPayment: (user: SessionUser, orderId: number) => onPaymentFor(db, viewerOf(user), orderId),
    history: (user: SessionUser, orderId: number) => orderHistoryFor(db, viewerOf(user), orderId),
    rejectReasons: () => rejectReasons(db),
    candidates: (lineId: number, options: { all: boolean; q?: string | undefined }) =>
      candidatesFor(db, lineId, options),
    orderAction: thenForgetTotals(
      (user: SessionUser, orderId: number, action: OrderAction, reason?: string) =>
        orderAction(db, user, orderId, action, reason),
    ),
    lineAction: thenForgetTotals(
      (
        user: SessionUser,
        lineId: number,
        action: LineAction,
        opts?: { reason?: string; partnerId?: number },
      ) => lineAction({ db, notifyAssigned, announce }, user, lineId, action, opts),
    ),
    /**
     * A new order through either door (shared/order-entry.ts), answered as staff read it; `created` is false
     * when the shop's `externalId` was entered before (that order, unchanged).
     */
    enter: thenForgetTotals(async (entry: OrderEntryBody | IntakeOrderBody, by: OrderMaker) => {
      const entered = await enterOrder(db, entry, by);
      const staffView = { kind: 'staff', userId: by.kind === 'staff' ? by.userId : 0 } as const;
      return { created: entered.created, order: await orderDetail(db, staffView, entered.id) };
    }),
    /** The order a shop sent with this number of its own, as the intake answered it; 404 for any other. */
    shopOrder: async (shop: string, externalId: string) =>
      orderDetail(db, { kind: 'staff', userId: 0 }, found(await shopOrderId(db, shop, externalId))),
    // Many at once (issue 40): bulk actions, the group's candidates, "select all matching" and the export.
    bulk: thenForgetTotals((user: SessionUser, body: BulkActionBody) =>
      bulkAction({ db, notifyAssignedMany, announce }, user, body),
    ),
    groupCandidates: (query: GroupCandidatesQuery) => groupCandidatesFor(db, query),
    matchingIds: (user: SessionUser, query: OrderListQuery) => matchingOrderIds(db, viewerOf(user), query),
    exportCsv: (user: SessionUser, query: OrderListQuery, signal?: AbortSignal) =>
      csvStream(ORDER_CSV, orderExportBatches(db, viewerOf(user), query, signal ? { signal } : {})),
    setDeliveryDate: thenForgetTotals((user: SessionUser, orderId: number, deliveryDate: string) =>
      setDeliveryDate(db, user, orderId, deliveryDate),
    ),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
