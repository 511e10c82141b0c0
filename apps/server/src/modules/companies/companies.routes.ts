import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { companyRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requirePermission, requireStaff } from '../../plugins/session';
import type { CompaniesService } from './companies.service';

const fieldsOf = (body: unknown): string[] =>
  body !== null && typeof body === 'object' ? Object.keys(body) : [];

/** Companies: staff only, guarded once for the whole module. Each route is the contract's (`companyRoutes`). */
export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['companies'], forms: true });

  routes.serve(companyRoutes.list, { summary: 'Companies, searched by name, paged' }, ({ query, path }) =>
    companies.list(query, path),
  );
  routes.serve(
    companyRoutes.update,
    {
      summary: 'Change one of xero_contact_id (manageXero only), in_store, avbob, b2b',
      spoofable: true,
      // Like Laravel's authorize(), before the body's rules: 403 for xero_contact_id without manageXero.
      preValidation: requirePermission('manageXero', {
        when: (request) => fieldsOf(request.body).includes('xero_contact_id'),
      }),
      errors: [503],
    },
    async ({ user, params, body }) => ({ data: await companies.update(user.id, params.id, body) }),
  );
};
