import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  companyBody,
  companyListItem,
  companyListRequest,
  dataOf,
  idParams,
  paged,
} from '@bloomline/contract';

import { errorResponses } from '../../lib/responses';
import { formsPlugin, spoofable } from '../../plugins/forms';
import { currentUser, guardModule, requirePermission, requireStaff } from '../../plugins/session';
import type { CompaniesService } from './companies.service';

const tags = ['companies'];
const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

const fieldsOf = (body: unknown): string[] =>
  body !== null && typeof body === 'object' ? Object.keys(body) : [];

/** Companies: staff only, guarded once for the whole module. */
export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  guardModule(app, requireStaff);
  await app.register(formsPlugin);

  app.get(
    '/api/companies',
    {
      schema: {
        tags,
        summary: 'Companies, searched by name, paged',
        querystring: companyListRequest,
        response: { 200: paged(companyListItem) },
      },
    },
    async (request) => companies.list(request.query),
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
      consumes: FORMS,
      params: idParams,
      body: companyBody,
      response: { 200: dataOf(companyListItem), ...errorResponses(405, 503) },
    },
    handler: async (request) => ({
      data: await companies.update(currentUser(request).id, request.params.id, request.body),
    }),
  });
};
