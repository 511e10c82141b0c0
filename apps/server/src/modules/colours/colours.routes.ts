import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { colour, colourBody } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ColoursService } from './colours.service';

/** Colours: staff only, guarded once for the whole module; the writes come as forms. */
export const coloursRoutes: FastifyPluginAsyncZod<{ colours: ColoursService }> = async (app, { colours }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['catalogue'], forms: true });
  routes.read(
    '/api/colours',
    { summary: 'Every colour, by name (the screen searches it in the browser)', data: z.array(colour) },
    () => colours.list(),
  );
  routes.records('/api/colours', colours, {
    body: colourBody,
    record: colour,
    spoofable: true,
    summaries: {
      get: 'One colour',
      create: 'Create a colour (multipart, urlencoded or JSON)',
      update: 'Update a colour (PUT, or POST with _method=PUT)',
      remove: 'Delete a colour (409 while components are in it)',
    },
    removeErrors: [409],
  });
};
