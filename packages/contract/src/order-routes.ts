import { z } from 'zod';

import { bulkActionBody, bulkResult, groupCandidatesQuery, orderRef } from './bulk-actions';
import { idParams } from './fields';
import { intakeOrderBody, intakeOrderParams, orderEntryBody } from './order-entry';
import {
  actionResult,
  candidatesQuery,
  dashboardCounts,
  deliveryDateBody,
  historyEntry,
  lineIdBody,
  lineStatusItem,
  orderDetail,
  orderListRequest,
  orderSummary,
  partnerCandidate,
  reassignBody,
  rejectBody,
  rejectLineBody,
} from './orders';
import { dataOf, paged } from './paging';
import { route } from './routes';
import { LINE_ACTION_NAMES, LINE_ACTIONS, ORDER_ACTION_NAMES, ORDER_ACTIONS } from './workflow';
import type { LineAction, OrderAction } from './workflow';

/** The order actions that carry no body: every one but reject, which gives a reason. */
export type PlainOrderAction = {
  [K in OrderAction]: (typeof ORDER_ACTIONS)[K] extends { needsReason: true } ? never : K;
}[OrderAction];

/** The line actions whose line id travels in the body (the older calls), reject aside (it adds a reason). */
export type LineActionWithIdInBody = Exclude<
  { [K in LineAction]: (typeof LINE_ACTIONS)[K]['idInBody'] extends true ? K : never }[LineAction],
  'reject'
>;
/** The line actions whose line id travels in the path, assign aside (it names a partner). */
export type LineActionWithIdInPath = Exclude<
  { [K in LineAction]: (typeof LINE_ACTIONS)[K]['idInBody'] extends true ? never : K }[LineAction],
  'assign'
>;

/** The workflow table's `{id}` as a route's path writes it. */
const pathOf = (pattern: string) => pattern.replace('{id}', ':id');

const recordOf = <K extends string, V>(names: readonly K[], make: (name: K) => V) =>
  Object.fromEntries(names.map((name) => [name, make(name)])) as Record<K, V>;

const plainOrderActions = ORDER_ACTION_NAMES.filter(
  (a): a is PlainOrderAction => !('needsReason' in ORDER_ACTIONS[a]),
);
const lineActionsWithIdInBody = LINE_ACTION_NAMES.filter(
  (a): a is LineActionWithIdInBody => a !== 'reject' && LINE_ACTIONS[a].idInBody,
);
const lineActionsWithIdInPath = LINE_ACTION_NAMES.filter(
  (a): a is LineActionWithIdInPath => a !== 'assign' && !LINE_ACTIONS[a].idInBody,
);

const orderAction = (action: PlainOrderAction) =>
  route({ method: 'POST', path: `/api/orders/:id/${action}`, params: idParams, answer: actionResult });
const lineActionByBody = (action: LineActionWithIdInBody) =>
  route({ method: 'POST', path: LINE_ACTIONS[action].route, body: lineIdBody, answer: actionResult });
const lineActionByPath = (action: LineActionWithIdInPath) =>
  route({ method: 'POST', path: pathOf(LINE_ACTIONS[action].route), params: idParams, answer: actionResult });

/**
 * Orders' routes (issue 37): the list, one order and its panels, how orders come in (the shop's door, staff's
 * phone), the workflow of orders and lines (their paths from the workflow's tables), its lookups, and many
 * orders at once.
 */
export const orderRoutes = {
  dashboard: route({ method: 'GET', path: '/api/dashboard', answer: dataOf(dashboardCounts) }),
  /** The JSON page; the same route answers its CSV to `Accept: text/csv` (a download, `pathOf`). */
  list: route({ method: 'GET', path: '/api/orders', query: orderListRequest, answer: paged(orderSummary) }),
  get: route({ method: 'GET', path: '/api/orders/:id', params: idParams, answer: dataOf(orderDetail) }),
  onPayment: route({
    method: 'GET',
    path: '/api/orders/:id/onpayment',
    params: idParams,
    answer: dataOf(z.record(z.string(), z.number())),
  }),
  history: route({
    method: 'GET',
    path: '/api/orders/:id/history',
    params: idParams,
    answer: dataOf(z.array(historyEntry)),
  }),

  /** The shop's door (an API key; 201 for a new order, 200 for an `externalId` seen before). */
  intake: route({
    method: 'POST',
    path: '/api/intake/orders',
    body: intakeOrderBody,
    answer: dataOf(orderDetail),
  }),
  /** The shop reads back an order it sent, by its own number (the same key's shop only; 404 otherwise). */
  intakeOrder: route({
    method: 'GET',
    path: '/api/intake/orders/:externalId',
    params: intakeOrderParams,
    answer: dataOf(orderDetail),
  }),
  /** Staff enter an order taken by phone. */
  create: route({ method: 'POST', path: '/api/orders', body: orderEntryBody, answer: dataOf(orderDetail) }),

  /** The order workflow without a body, by action. */
  action: recordOf(plainOrderActions, orderAction),
  reject: route({
    method: 'POST',
    path: '/api/orders/:id/reject',
    params: idParams,
    body: rejectBody,
    answer: actionResult,
  }),
  deliveryDate: route({
    method: 'PUT',
    path: '/api/orders/:id/delivery-date',
    params: idParams,
    body: deliveryDateBody,
    answer: actionResult,
  }),

  rejectReasons: route({
    method: 'GET',
    path: '/api/order-line-reject-reasons',
    answer: z.array(z.string()),
  }),
  lineStatuses: route({
    method: 'GET',
    path: '/api/order-line-statuses',
    answer: dataOf(z.array(lineStatusItem)),
  }),

  lineCandidates: route({
    method: 'GET',
    path: '/api/order-lines/:id/partners',
    params: idParams,
    query: candidatesQuery,
    answer: dataOf(z.array(partnerCandidate)),
  }),
  lineReject: route({
    method: 'POST',
    path: LINE_ACTIONS.reject.route,
    body: rejectLineBody,
    answer: actionResult,
  }),
  /** Staff's line actions on the partner's behalf whose line id travels in the body, by action. */
  lineActionByBody: recordOf(lineActionsWithIdInBody, lineActionByBody),
  /** … and those whose line id travels in the path. */
  lineActionByPath: recordOf(lineActionsWithIdInPath, lineActionByPath),
  lineAssign: route({
    method: 'POST',
    path: pathOf(LINE_ACTIONS.assign.route),
    params: idParams,
    body: reassignBody,
    answer: actionResult,
  }),

  bulk: route({ method: 'POST', path: '/api/orders/bulk', body: bulkActionBody, answer: dataOf(bulkResult) }),
  bulkCandidates: route({
    method: 'GET',
    path: '/api/orders/bulk/partners',
    query: groupCandidatesQuery,
    answer: dataOf(z.array(partnerCandidate)),
  }),
  matchingIds: route({
    method: 'GET',
    path: '/api/orders/ids',
    query: orderListRequest,
    answer: dataOf(z.array(orderRef)),
  }),
};
