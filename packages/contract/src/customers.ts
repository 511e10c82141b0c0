import { z } from 'zod';

import { MESSAGES } from './validation';

import { idField, idParams } from './fields';
import { formOptional } from './forms';
import { partnerRef } from './me';
import { dataOf, listRequest, paged } from './paging';
import { route } from './routes';

export const companyRef = z.object({ id: z.number(), name: z.string() });
export type CompanyRef = z.infer<typeof companyRef>;

/** A customer (part 2, point 3): a row of the customers list and the answer of a change. */
export const customerListItem = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  companies: z.array(companyRef),
  partner: partnerRef.nullable(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;

export const CUSTOMER_SORTS = ['name', 'email', 'created_at'] as const;
const customerList = listRequest({ sorts: CUSTOMER_SORTS, sort: 'name' });
/** GET /api/customers as the server reads it: `q` searches name, email and phone. */
export const customerListRequest = customerList.strict;
/** The same, read leniently from the web's address bar. */
export const customerListQuery = customerList.lenient;
export type CustomerListQuery = z.infer<typeof customerListRequest>;

/**
 * PUT /api/customers/{id}: the customer's partner, or null (or blank) to clear it. The field must be sent:
 * a body without it is a 422 rather than a silent clear.
 */
export const customerPartnerBody = z.object({
  partnerId: z
    .unknown()
    .refine((v): boolean => v !== undefined, MESSAGES.present)
    .pipe(formOptional(idField())),
});
export type CustomerPartnerBody = z.input<typeof customerPartnerBody>;

/** The customers' routes (staff only; the change of partner also comes as a form, as POST with `_method=PUT`). */
export const customerRoutes = {
  list: route({
    method: 'GET',
    path: '/api/customers',
    query: customerListRequest,
    answer: paged(customerListItem),
  }),
  setPartner: route({
    method: 'PUT',
    path: '/api/customers/:id',
    params: idParams,
    body: customerPartnerBody,
    answer: dataOf(customerListItem),
  }),
  remove: route({ method: 'DELETE', path: '/api/customers/:id', params: idParams }),
};
