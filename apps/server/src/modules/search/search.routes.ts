import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { searchQuery, searchResult } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireUser } from '../../plugins/session';
import type { SearchService } from './search.service';

/** Search from anywhere (issue 40): every signed-in user, each finding only what they may see. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags: ['search'] });
  routes.read(
    '/api/search',
    {
      summary:
        'Orders (number, recipient, phone, e-mail), partners, customers, companies, products and screens, at most 20',
      querystring: searchQuery,
      data: z.array(searchResult),
    },
    ({ user, query }) => search.search(user, query.q),
  );
};
