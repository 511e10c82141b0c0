import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { orderRoutes } from '@bloomline/contract';

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

  routes.serve(
    orderRoutes.bulk,
    {
      summary:
        'One action on many orders (accept, fulfill, deliver; staff also assign and cancel), each in its own transaction, answered per order',
    },
    async ({ user, body }) => ({ data: await orders.bulk(user, body) }),
  );
  routes.serve(
    orderRoutes.bulkCandidates,
    {
      summary:
        "Partners who could take a group of orders' unassigned lines, nearest (to the farthest point) first",
      preValidation: requireStaff,
    },
    async ({ query }) => ({ data: await orders.groupCandidates(query) }),
  );
  routes.serve(
    orderRoutes.matchingIds,
    {
      summary:
        'The ids of a list\'s orders (the list\'s filters and sort), at most 500: "select all matching"',
    },
    async ({ user, query }) => ({ data: await orders.matchingIds(user, query) }),
  );
};
