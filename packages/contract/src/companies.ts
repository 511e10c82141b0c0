import { z } from 'zod';

import { MESSAGES } from './validation';

import { idParams } from './fields';
import { formBoolean } from './forms';
import { dataOf, listRequest, paged } from './paging';
import { route } from './routes';

/** A contact of the accounting service (Xero), in its own field names. */
export const xeroContact = z.object({ ContactID: z.string(), Name: z.string() });
export type XeroContact = z.infer<typeof xeroContact>;

/** A company (part 2, point 3): a row of the companies list and the answer of a change. */
export const companyListItem = z.object({
  id: z.number(),
  name: z.string(),
  inStore: z.boolean(),
  avbob: z.boolean(),
  b2b: z.boolean(),
  xeroContact: xeroContact.nullable(),
});
export type CompanyListItem = z.infer<typeof companyListItem>;

export const COMPANY_SORTS = ['name', 'created_at'] as const;
const companyList = listRequest({ sorts: COMPANY_SORTS, sort: 'name' });
/** GET /api/companies as the server reads it: `q` searches the name. */
export const companyListRequest = companyList.strict;
/** The same, read leniently from the web's address bar. */
export const companyListQuery = companyList.lenient;
export type CompanyListQuery = z.infer<typeof companyListRequest>;

/** The fields a company change may carry: exactly one of them per request. */
export const COMPANY_FIELDS = ['xero_contact_id', 'in_store', 'avbob', 'b2b'] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

const words = (field: CompanyField) => field.replace(/_/g, ' ');

/** A Xero ContactID (a GUID), or blank/null to clear the company's contact. */
const contactId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().pipe(z.uuid(MESSAGES.uuid)).nullable(),
);

/**
 * PUT /api/companies/{id}: one of xero_contact_id, in_store, avbob, b2b (booleans as a form sends them: 1/0,
 * true/false). None, or two at once, is a 422 in Laravel's words (required_without_all, prohibits), so an
 * inline change never changes more than the one control the user touched.
 */
export const companyBody = z
  .object({
    xero_contact_id: contactId.optional(),
    in_store: formBoolean().optional(),
    avbob: formBoolean().optional(),
    b2b: formBoolean().optional(),
  })
  .superRefine((body, ctx) => {
    const given = COMPANY_FIELDS.filter((f) => body[f] !== undefined);
    if (given.length === 1) return;
    for (const field of given.length === 0 ? COMPANY_FIELDS : given) {
      const others = (given.length === 0 ? COMPANY_FIELDS : given).filter((f) => f !== field).map(words);
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message:
          given.length === 0
            ? `:Attribute is required when none of ${others.join(' / ')} are present.`
            : `:Attribute cannot be sent with ${others.join(' / ')}.`,
      });
    }
  });
export type CompanyBody = z.input<typeof companyBody>;
export type CompanyChange = z.output<typeof companyBody>;

/** The companies' routes (staff only; a change also comes as a form, as POST with `_method=PUT`). */
export const companyRoutes = {
  list: route({
    method: 'GET',
    path: '/api/companies',
    query: companyListRequest,
    answer: paged(companyListItem),
  }),
  update: route({
    method: 'PUT',
    path: '/api/companies/:id',
    params: idParams,
    body: companyBody,
    answer: dataOf(companyListItem),
  }),
};

/** Shown where the accounting contact is picked while GET /api/xero-contacts answers 503. */
export const XERO_NOT_CONNECTED_HINT = 'Connect Xero first to choose accounting contacts.';
