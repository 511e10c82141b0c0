import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// The contract's `searchRoutes`, by another name here: the module's plugin below has that name (app.ts).
import { searchRoutes as declared } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireUser } from '../../plugins/session';
import type { SearchService } from './search.service';

/** Search from anywhere (issue 40): every signed-in user, each finding only what they may see. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags: ['search'] });
  routes.serve(
    declared.search,
    {
      summary:
        'Orders (number, recipient, phone, e-mail), partners, customers, companies, products and screens, at most 20',
    },
    async ({ user, query }) => ({ data: await search.search(user, query.q) }),
  );
};
