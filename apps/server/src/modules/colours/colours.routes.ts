import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { colourRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ColoursService } from './colours.service';

/**
 * Colours: staff only, guarded once for the whole module; the writes come as forms. Each route is the contract's
 * declaration (`colourRoutes`), the model for moving an area onto the route table (issue 37).
 */
export const coloursRoutes: FastifyPluginAsyncZod<{ colours: ColoursService }> = async (app, { colours }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['catalogue'], forms: true });
  routes.serve(
    colourRoutes.list,
    { summary: 'Every colour, by name (the screen searches it in the browser)' },
    async () => ({ data: await colours.list() }),
  );
  routes.serve(colourRoutes.get, { summary: 'One colour' }, async ({ params }) => ({
    data: await colours.get(params.id),
  }));
  routes.serve(
    colourRoutes.create,
    { summary: 'Create a colour (multipart, urlencoded or JSON)', created: true },
    async ({ user, body }) => ({ data: await colours.create(user.id, body) }),
  );
  routes.serve(
    colourRoutes.update,
    { summary: 'Update a colour (PUT, or POST with _method=PUT)', spoofable: true },
    async ({ user, params, body }) => ({ data: await colours.update(user.id, params.id, body) }),
  );
  routes.serve(
    colourRoutes.remove,
    { summary: 'Delete a colour (409 while components are in it)', errors: [409] },
    async ({ user, params }) => {
      await colours.remove(user.id, params.id);
    },
  );
};
