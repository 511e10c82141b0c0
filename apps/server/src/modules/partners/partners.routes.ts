import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  BANK_FIELDS,
  partnerRoutes,
  STAFF_ONLY_PARTNER_FIELDS,
  todayInJohannesburg,
} from '@bloomline/contract';
import type { PartnerListItem } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { csvStream, sendCsv } from '../../lib/csv';
import type { CsvColumn } from '../../lib/csv';
import { guardModule, requirePermission, requireStaff, requireUser } from '../../plugins/session';
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

/** The bank fields a request sends: `filled` counts only those with a value (a new partner's blank ones are none). */
function sentBankFields(request: FastifyRequest, filled: boolean): boolean {
  const body = request.body;
  if (!body || typeof body !== 'object') return false;
  return BANK_FIELDS.some((field) => {
    const value = (body as Record<string, unknown>)[field];
    return filled ? typeof value === 'string' && value.trim() !== '' : value !== undefined;
  });
}

/** Issue 46: bank details are changed and confirmed by staff with managePayouts only (403 for other staff). */
const canPay = requirePermission('managePayouts');
const bankOnCreate = requirePermission('managePayouts', { when: (r) => sentBankFields(r, true) });
const bankOnUpdate = requirePermission('managePayouts', { when: (r) => sentBankFields(r, false) });

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

  routes.serve(
    partnerRoutes.list,
    {
      preValidation: requireStaff,
      summary: 'Every partner by name (the table, the map and the pickers), searched by name, city or owner',
    },
    async ({ query }) => ({ data: await partners.list(query.q) }),
  );
  routes.serveOwn(
    partnerRoutes.export,
    {
      preValidation: requireStaff,
      summary: 'The partner list as searched, as a CSV download',
      produces: ['text/csv'],
    },
    async ({ query, reply }) => {
      const rows = await partners.list(query.q);
      return sendCsv(reply, `partners-${todayInJohannesburg()}.csv`, csvStream(CSV_COLUMNS, rows));
    },
  );
  routes.serve(
    partnerRoutes.get,
    { summary: 'One partner (staff: any; a partner user: their own)' },
    async ({ viewer, params }) => ({ data: await partners.get(viewer, params.id) }),
  );
  routes.serve(
    partnerRoutes.create,
    {
      preValidation: [requireStaff, bankOnCreate],
      summary: 'Create a partner (multipart, urlencoded or JSON); bank details need managePayouts',
      created: true,
    },
    async ({ user, body }) => ({ data: await partners.create(user.id, body) }),
  );
  routes.serve(
    partnerRoutes.update,
    {
      summary:
        'Update a partner (PUT, or POST with _method=PUT); a partner user their own, staff-only fields ignored',
      spoofable: true,
      // A partner user's staff-only fields (bank fields among them) are dropped before the bank guard reads.
      preValidation: [dropStaffOnlyFields, bankOnUpdate],
    },
    async ({ viewer, params, body }) => ({ data: await partners.update(viewer, params.id, body) }),
  );
  routes.serve(
    partnerRoutes.changeBankDetails,
    {
      preValidation: [requireStaff, canPay],
      summary: 'New bank details (managePayouts): e-mailed to the partner, awaiting a second user to confirm',
    },
    async ({ user, params, body }) => ({ data: await partners.changeBankDetails(user.id, params.id, body) }),
  );
  routes.serve(
    partnerRoutes.confirmBankDetails,
    {
      preValidation: [requireStaff, canPay],
      summary: 'Confirm the pending bank details (managePayouts; not the user who changed them)',
      errors: [409],
    },
    async ({ user, params, body }) => ({
      data: await partners.confirmBankDetails(user.id, params.id, body?.changeId),
    }),
  );
  routes.serve(
    partnerRoutes.toggleEnabled,
    {
      preValidation: requireStaff,
      summary: 'Enable a disabled partner or disable an enabled one; answers the partner',
    },
    async ({ user, params }) => ({ data: await partners.toggleEnabled(user.id, params.id) }),
  );
};
