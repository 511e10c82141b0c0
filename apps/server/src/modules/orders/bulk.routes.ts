import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  bulkActionBody,
  orderRef,
  bulkResult,
  groupCandidatesQuery,
  orderListRequest,
  partnerCandidate,
} from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff, requireUser } from '../../plugins/session';
import type { OrdersService } from './orders.service';

/**
 * Many orders at once (issue 40, DECISIONS.md "Many at once"): one call per action over up to 500 orders, the
 * partners who could take a group's unassigned lines, and the ids behind "select all N matching". The list's
 * CSV is the list's own route (`Accept: text/csv`, orders.routes.ts).
 */
export const bulkOrdersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags: ['orders'] });

  routes.action(
    '/api/orders/bulk',
    {
      summary:
        'One action on many orders (accept, fulfill, deliver; staff also assign and cancel), each in its own transaction, answered per order',
      body: bulkActionBody,
      data: bulkResult,
    },
    ({ user, body }) => orders.bulk(user, body),
  );

  routes.read(
    '/api/orders/bulk/partners',
    {
      summary:
        "Partners who could take a group of orders' unassigned lines, nearest (to the farthest point) first",
      preValidation: requireStaff,
      querystring: groupCandidatesQuery,
      data: z.array(partnerCandidate),
    },
    ({ query }) => orders.groupCandidates(query),
  );

  routes.read(
    '/api/orders/ids',
    {
      summary:
        'The ids of a list\'s orders (the list\'s filters and sort), at most 500: "select all matching"',
      querystring: orderListRequest,
      data: z.array(orderRef),
    },
    ({ user, query }) => orders.matchingIds(user, query),
  );
};
