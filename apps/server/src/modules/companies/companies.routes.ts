import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  companyBody,
  companyListItem,
  companyListRequest,
  dataOf,
  idParams,
  paged,
} from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { errorResponses } from '../../lib/responses';
import { FORM_TYPES, spoofable } from '../../plugins/forms';
import { currentUser, guardModule, requirePermission, requireStaff } from '../../plugins/session';
import type { CompaniesService } from './companies.service';

const tags = ['companies'];

const fieldsOf = (body: unknown): string[] =>
  body !== null && typeof body === 'object' ? Object.keys(body) : [];

/** Companies: staff only, guarded once for the whole module. */
export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags, forms: true });

  routes.read(
    '/api/companies',
    {
      summary: 'Companies, searched by name, paged',
      querystring: companyListRequest,
      answer: paged(companyListItem),
    },
    ({ query, path }) => companies.list(query, path),
  );

  app.route({
    ...spoofable('PUT'),
    url: '/api/companies/:id',
    // Like Laravel's authorize(), before the body's rules: 403 for xero_contact_id without manageXero.
    preValidation: [
      spoofable('PUT').preValidation,
      requirePermission('manageXero', {
        when: (request) => fieldsOf(request.body).includes('xero_contact_id'),
      }),
    ],
    schema: {
      tags,
      summary: 'Change one of xero_contact_id (manageXero only), in_store, avbob, b2b',
      consumes: FORM_TYPES,
      params: idParams,
      body: companyBody,
      response: { 200: dataOf(companyListItem), ...errorResponses(405, 503) },
    },
    handler: async (request) => ({
      data: await companies.update(currentUser(request).id, request.params.id, request.body),
    }),
  });
};
