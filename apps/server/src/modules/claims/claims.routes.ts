import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { claimRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { RefundsService } from './refunds.service';
import type { ReturnsService } from './returns.service';

/**
 * Returns and refunds (DECISIONS.md "Returns and refunds"): staff only, guarded once for the whole module
 * (partner users 403: what concerns them reaches them through their statement). The paths sit below
 * `/api/orders/`, beside the orders module's `/api/orders/:id`: the router prefers a fixed segment
 * (`returns`, `refunds`) to a parameter, so neither is read as an order id.
 */
export const claimsRoutes: FastifyPluginAsyncZod<{
  returns: ReturnsService;
  refunds: RefundsService;
}> = async (app, { returns, refunds }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['returns and refunds'], forms: true });

  routes.serve(
    claimRoutes.returns,
    { summary: 'Returns, newest first, paged; q over the return and order name, s/d to sort' },
    ({ query, path }) => returns.list(query, path),
  );
  routes.serve(claimRoutes.getReturn, { summary: 'One return with its lines' }, async ({ params }) => ({
    data: await returns.get(params.id),
  }));
  routes.serve(
    claimRoutes.processReturn,
    { summary: 'Process an open return: who bears the cost (409 once processed)', errors: [409] },
    async ({ user, params, body }) => ({ data: await returns.process(user, params.id, body.responsible) }),
  );

  routes.serve(
    claimRoutes.openReturn,
    { summary: 'Open a return of delivered lines on an order (staff)', created: true },
    async ({ user, params, body }) => ({ data: await returns.open(user, params.id, body) }),
  );
  routes.serve(
    claimRoutes.openRefund,
    { summary: 'Open a refund of delivered lines on an order (staff)', created: true },
    async ({ user, params, body, request }) => ({ data: await refunds.open(user, params.id, body, request) }),
  );

  routes.serve(
    claimRoutes.refunds,
    { summary: 'Refund cards, newest first, paged' },
    ({ query, path, request }) => refunds.list(query, path, request),
  );
  routes.serve(claimRoutes.getRefund, { summary: 'One refund card' }, async ({ params, request }) => ({
    data: await refunds.get(params.id, request),
  }));
  // The original client sends the processing to both addresses: one implementation answers them.
  for (const decl of [claimRoutes.processRefund, claimRoutes.processRefundV2]) {
    routes.serve(
      decl,
      {
        summary: 'Process a refund: who bears it and the on pay deducted (409 once processed)',
        spoofable: true,
        errors: [409],
      },
      async ({ user, params, body, request }) => ({
        data: await refunds.process(user, params.id, body, request),
      }),
    );
  }
};
