import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  idParams,
  openRefundBody,
  openReturnBody,
  paged,
  processRefundBody,
  processReturnBody,
  refund,
  refundListRequest,
  returnDetail,
  returnListItem,
  returnListRequest,
} from '@bloomline/contract';

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

  routes.read(
    '/api/orders/returns',
    {
      summary: 'Returns, newest first, paged; q over the return and order name, s/d to sort',
      querystring: returnListRequest,
      answer: paged(returnListItem),
    },
    ({ query, path }) => returns.list(query, path),
  );
  routes.read(
    '/api/orders/returns/:id',
    { summary: 'One return with its lines', params: idParams, data: returnDetail },
    ({ params }) => returns.get(params.id),
  );
  routes.action(
    '/api/orders/returns/:id/process',
    {
      summary: 'Process an open return: who bears the cost (409 once processed)',
      params: idParams,
      body: processReturnBody,
      data: returnDetail,
      errors: [409],
    },
    ({ user, params, body }) => returns.process(user, params.id, body.responsible),
  );

  routes.create(
    '/api/orders/:id/returns',
    {
      summary: 'Open a return of delivered lines on an order (staff)',
      params: idParams,
      body: openReturnBody,
      data: returnDetail,
    },
    ({ user, params, body }) => returns.open(user, params.id, body),
  );
  routes.create(
    '/api/orders/:id/refunds',
    {
      summary: 'Open a refund of delivered lines on an order (staff)',
      params: idParams,
      body: openRefundBody,
      data: refund,
    },
    ({ user, params, body, request }) => refunds.open(user, params.id, body, request),
  );

  routes.read(
    '/api/v2/orders/refunds',
    { summary: 'Refund cards, newest first, paged', querystring: refundListRequest, answer: paged(refund) },
    ({ query, path, request }) => refunds.list(query, path, request),
  );
  routes.read(
    '/api/orders/refunds/:id',
    { summary: 'One refund card', params: idParams, data: refund },
    ({ params, request }) => refunds.get(params.id, request),
  );
  // The original client sends the processing to both addresses: one implementation answers them.
  for (const url of ['/api/orders/refunds/:id', '/api/v2/orders/refunds/:id']) {
    routes.update(
      url,
      {
        summary: 'Process a refund: who bears it and the on pay deducted (409 once processed)',
        spoofable: true,
        params: idParams,
        body: processRefundBody,
        data: refund,
        errors: [409],
      },
      ({ user, params, body, request }) => refunds.process(user, params.id, body, request),
    );
  }
};
