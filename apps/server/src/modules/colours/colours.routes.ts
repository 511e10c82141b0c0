import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { colour, colourBody, idParams } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ColoursService } from './colours.service';

/** Colours: staff only, guarded once for the whole module; the writes come as forms. */
export const coloursRoutes: FastifyPluginAsyncZod<{ colours: ColoursService }> = async (app, { colours }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['catalogue'], forms: true });
  const one = '/api/colours/:id';

  routes.read(
    '/api/colours',
    { summary: 'Every colour, by name (the screen searches it in the browser)', data: z.array(colour) },
    () => colours.list(),
  );
  routes.read(one, { summary: 'One colour', params: idParams, data: colour }, ({ params }) =>
    colours.get(params.id),
  );
  routes.create(
    '/api/colours',
    { summary: 'Create a colour (multipart, urlencoded or JSON)', body: colourBody, data: colour },
    ({ user, body }) => colours.create(user.id, body),
  );
  routes.update(
    one,
    {
      summary: 'Update a colour (PUT, or POST with _method=PUT)',
      spoofable: true,
      params: idParams,
      body: colourBody,
      data: colour,
    },
    ({ user, params, body }) => colours.update(user.id, params.id, body),
  );
  routes.remove(
    one,
    { summary: 'Delete a colour (409 while components are in it)', params: idParams, errors: [409] },
    ({ user, params }) => colours.remove(user.id, params.id),
  );
};
