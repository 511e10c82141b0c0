import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  dataOf,
  idParams,
  partner,
  partnerCreateBody,
  partnerListItem,
  partnersQuery,
  partnerUpdateBody,
  STAFF_ONLY_PARTNER_FIELDS,
  todayInJohannesburg,
} from '@bloomline/contract';
import type { PartnerListItem } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { csvStream, sendCsv } from '../../lib/csv';
import type { CsvColumn } from '../../lib/csv';
import { errorResponses } from '../../lib/responses';
import { viewerOf } from '../../lib/viewer';
import { FORM_TYPES, spoofable } from '../../plugins/forms';
import { currentUser, guardModule, requireStaff, requireUser } from '../../plugins/session';
import type { PartnersService } from './partners.service';

const tags = ['partners'];

/** The export's columns: the table's, in its order. */
const CSV_COLUMNS: CsvColumn<PartnerListItem>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Name', value: (p) => p.name },
  { header: 'City', value: (p) => p.city },
  { header: 'Province', value: (p) => p.province },
  { header: 'Type', value: (p) => p.partnerType },
  { header: 'Rating', value: (p) => p.rating },
  { header: 'Enabled', value: (p) => (p.enabled ? 'Yes' : 'No') },
  { header: 'Latitude', value: (p) => p.latitude },
  { header: 'Longitude', value: (p) => p.longitude },
  { header: 'Radius (km)', value: (p) => p.radius },
];

/**
 * A partner user's staff-only fields are dropped before the body is read, so they are never applied and
 * never refused (a client that posts the whole record still saves the profile). The service drops them too.
 */
async function dropStaffOnlyFields(request: FastifyRequest) {
  const body = request.body;
  if (request.user?.isStaff || !body || typeof body !== 'object') return;
  for (const field of STAFF_ONLY_PARTNER_FIELDS) delete (body as Record<string, unknown>)[field];
}

/**
 * Partners. Staff only, but for a partner user's own partner (their profile): they read it and update its
 * profile fields; any other id answers them 404.
 */
export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (
  app,
  { partners },
) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags, forms: true });

  routes.read(
    '/api/partners',
    {
      preValidation: requireStaff,
      summary: 'Every partner by name (the table, the map and the pickers), searched by name, city or owner',
      querystring: partnersQuery,
      data: z.array(partnerListItem),
    },
    ({ query }) => partners.list(query.q),
  );

  app.get(
    '/api/partners/export',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'The partner list as searched, as a CSV download',
        querystring: partnersQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const rows = await partners.list(request.query.q);
      return sendCsv(reply, `partners-${todayInJohannesburg()}.csv`, csvStream(CSV_COLUMNS, rows));
    },
  );

  routes.read(
    '/api/partners/:id',
    { summary: 'One partner (staff: any; a partner user: their own)', params: idParams, data: partner },
    ({ user, params }) => partners.get(viewerOf(user), params.id),
  );
  routes.create(
    '/api/partners',
    {
      preValidation: requireStaff,
      summary: 'Create a partner (multipart, urlencoded or JSON)',
      body: partnerCreateBody,
      data: partner,
    },
    ({ user, body }) => partners.create(user.id, body),
  );

  const put = spoofable('PUT');
  app.route({
    ...put,
    preValidation: [put.preValidation, dropStaffOnlyFields],
    url: '/api/partners/:id',
    schema: {
      tags,
      summary:
        'Update a partner (PUT, or POST with _method=PUT); a partner user their own, staff-only fields ignored',
      consumes: FORM_TYPES,
      params: idParams,
      body: partnerUpdateBody,
      response: { 200: dataOf(partner), ...errorResponses(405) },
    },
    handler: async (request) => ({
      data: await partners.update(viewerOf(currentUser(request)), request.params.id, request.body),
    }),
  });

  app.post(
    '/api/partners/:id/enabled',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Enable a disabled partner or disable an enabled one; answers the partner',
        params: idParams,
        response: { 200: dataOf(partner) },
      },
    },
    async (request) => ({ data: await partners.toggleEnabled(currentUser(request).id, request.params.id) }),
  );
};
