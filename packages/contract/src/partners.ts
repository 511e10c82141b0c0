import { z } from 'zod';

import { bankDetailsBody, confirmBankBody, optionalBankField, partnerBank } from './bank-details';
import { idField, idParams, requiredText, text } from './fields';
import { formBoolean, formMoney, formNumber, formOptional } from './forms';
import { dataOf } from './paging';
import { recordRoutes } from './record-routes';
import { route } from './routes';
import { optionalString } from './validation';

export const PARTNER_TYPES = ['florist', 'courier'] as const;
export const partnerType = z.enum(PARTNER_TYPES);
export type PartnerType = z.infer<typeof partnerType>;

/** How a partner works on Saturdays (part 2, point 3). */
export const SATURDAY_MODES = ['closed', 'same_day', 'open'] as const;
export const saturdayMode = z.enum(SATURDAY_MODES);
export type SaturdayMode = z.infer<typeof saturdayMode>;

export const DEFAULT_COUNTRY = 'South Africa';
export const RATING_MIN = 1;
export const RATING_MAX = 10;
/** The widest delivery radius, in km: the width of the country, so a typo of an extra zero is refused. */
export const RADIUS_MAX_KM = 2000;

/**
 * A row of GET /api/partners: the table and the map (a marker and a radius circle). `city` and `province`
 * are names; the pickers of the order screens read the same rows.
 */
export const partnerListItem = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  partnerType,
  rating: z.number(),
  enabled: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Delivery radius in km. */
  radius: z.number(),
});
export type PartnerListItem = z.infer<typeof partnerListItem>;

/** What the orders' partner picker reads of a partner row (the same rows as the partners table). */
export const partnerPickerItem = partnerListItem.pick({
  id: true,
  name: true,
  partnerType: true,
  enabled: true,
  city: true,
});
export type PartnerPickerItem = z.infer<typeof partnerPickerItem>;

/** `GET /api/partners` and `/api/partners/export`: the whole list, searched by name, city or owner. */
export const partnersQuery = z.object({ q: text(100).optional() });
export type PartnersQuery = z.infer<typeof partnersQuery>;
/** The same search read from the web's address bar: a malformed one is no search rather than an error. */
export const partnerListQuery = z.object({ q: text(100).optional().catch(undefined) });

/**
 * GET /api/partners/{id}: every field of part 2, point 3, in the names the form sends back (so a client can
 * send what it read). The suburb is `location_id` as in the spec; `province`, `city` and `suburb` are the
 * names of the three places. Money in rand; `commission` a fraction (0.25 = 25 %), as every percentage is
 * sent (part 2, point 9).
 */
export const partner = partnerListItem.extend({
  vatNumber: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  province_id: z.number().nullable(),
  city_id: z.number().nullable(),
  location_id: z.number().nullable(),
  suburb: z.string().nullable(),
  country: z.string(),
  postalCode: z.string().nullable(),
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  ownerPhone: z.string().nullable(),
  businessEmail: z.string().nullable(),
  businessPhone: z.string().nullable(),
  wholesaleDeliveryFee: z.number(),
  avbobSalesChannel: z.boolean(),
  webSalesSalesChannel: z.boolean(),
  inStoreSalesChannel: z.boolean(),
  b2bSalesChannel: z.boolean(),
  bank_name: z.string().nullable(),
  branch_code: z.string().nullable(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  account_type: z.string().nullable(),
  commission: z.number(),
  saturday: saturdayMode,
  /** Issue 46: the bank details' state; the five fields above are null when `bank.shown` is false. */
  bank: partnerBank,
});
export type Partner = z.infer<typeof partner>;

const optionalEmail = () => optionalString(255).pipe(z.email().nullable());

const BETWEEN_RATING = `:Attribute must be between ${String(RATING_MIN)} and ${String(RATING_MAX)}.`;
const rating = () =>
  formNumber().pipe(z.int().min(RATING_MIN, BETWEEN_RATING).max(RATING_MAX, BETWEEN_RATING));

const COMMISSION_RANGE = ':Attribute must be between 0 % and 100 %.';
/** A fraction read as the percentage the form shows, with at most two decimals (25.5 % is 0.255). */
const commission = () =>
  formNumber().pipe(
    z
      .number()
      .min(0, COMMISSION_RANGE)
      .max(1, COMMISSION_RANGE)
      .refine(
        (v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6,
        ':Attribute can have at most 2 decimals.',
      )
      .transform((v) => Math.round(v * 10_000) / 10_000),
  );

const coordinate = (limit: number) => formNumber().pipe(z.number().min(-limit).max(limit).nullable());

/**
 * The fields a partner user may change on their own partner (the profile). Every field is optional on an
 * update: one that is not sent keeps its value; one sent blank is cleared (or refused when required).
 */
const profileFields = {
  name: requiredText(255).optional(),
  vatNumber: optionalString(50).optional(),
  address1: optionalString(255).optional(),
  address2: optionalString(255).optional(),
  address3: optionalString(255).optional(),
  province_id: formOptional(idField()).optional(),
  city_id: formOptional(idField()).optional(),
  /** The suburb (the spec's name for it). */
  location_id: formOptional(idField()).optional(),
  country: optionalString(100).optional(),
  postalCode: optionalString(20).optional(),
  ownerName: optionalString(255).optional(),
  ownerEmail: optionalEmail().optional(),
  ownerPhone: optionalString(50).optional(),
  businessEmail: optionalEmail().optional(),
  businessPhone: optionalString(50).optional(),
};

/**
 * Part 2, point 6: what only staff set. A partner user's request never changes them: they are dropped from
 * it before it is read (ignored, not refused, so a client that posts the whole record still saves its
 * profile). The position is here too: the map that sets it is staff-only, and with the radius it decides
 * which orders a partner may be offered.
 */
const staffFields = {
  partnerType: partnerType.optional(),
  rating: rating().optional(),
  radius: formNumber().pipe(z.number().min(0).max(RADIUS_MAX_KM)).optional(),
  latitude: coordinate(90).optional(),
  longitude: coordinate(180).optional(),
  wholesaleDeliveryFee: formMoney().optional(),
  avbobSalesChannel: formBoolean().optional(),
  webSalesSalesChannel: formBoolean().optional(),
  inStoreSalesChannel: formBoolean().optional(),
  b2bSalesChannel: formBoolean().optional(),
  // A change of these waits for a second user's confirmation (bank-details.ts); only managePayouts sends them.
  bank_name: optionalBankField('bank_name'),
  branch_code: optionalBankField('branch_code'),
  account_name: optionalBankField('account_name'),
  account_number: optionalBankField('account_number'),
  account_type: optionalBankField('account_type'),
  commission: commission().optional(),
  enabled: formBoolean().optional(),
  saturday: saturdayMode.optional(),
};

export const STAFF_ONLY_PARTNER_FIELDS = Object.keys(staffFields) as (keyof typeof staffFields)[];

/**
 * POST /api/partners/{id} with `_method=PUT` (multipart, urlencoded or JSON). Staff send any field; a
 * partner user only the profile's (see STAFF_ONLY_PARTNER_FIELDS).
 */
export const partnerUpdateBody = z.object({ ...profileFields, ...staffFields });
export type PartnerUpdateBody = z.input<typeof partnerUpdateBody>;
export type PartnerUpdateInput = z.output<typeof partnerUpdateBody>;

/**
 * POST /api/partners: the name is required; a field left out takes its default (florist, rating 5, radius
 * 15 km, South Africa, every sales channel on, 25 % commission, enabled, open on Saturdays).
 */
export const partnerCreateBody = partnerUpdateBody.extend({ name: requiredText(255) });
export type PartnerCreateBody = z.input<typeof partnerCreateBody>;

/** The profile form of a partner user: their own partner without the staff-only fields. */
export const partnerProfileBody = z.object(profileFields);
export type PartnerProfileBody = z.input<typeof partnerProfileBody>;

/**
 * The partners' routes (staff only, but for a partner user's own partner: they read it and update its profile
 * fields). The writes also come as forms, the update as POST with `_method=PUT`.
 */
export const partnerRoutes = {
  list: route({
    method: 'GET',
    path: '/api/partners',
    query: partnersQuery,
    answer: dataOf(z.array(partnerListItem)),
  }),
  /** The list as searched, as a CSV download. */
  export: route({ method: 'GET', path: '/api/partners/export', query: partnersQuery }),
  ...recordRoutes(
    '/api/partners',
    { record: partner, body: partnerUpdateBody, createBody: partnerCreateBody },
    ['get', 'create', 'update'],
  ),
  /** Enables a disabled partner, disables an enabled one. */
  toggleEnabled: route({
    method: 'POST',
    path: '/api/partners/:id/enabled',
    params: idParams,
    answer: dataOf(partner),
  }),
  /** Issue 46: new bank details (managePayouts), awaiting a second such user's confirmation. */
  changeBankDetails: route({
    method: 'PUT',
    path: '/api/partners/:id/bank-details',
    params: idParams,
    body: bankDetailsBody,
    answer: dataOf(partner),
  }),
  /** Issue 46: a second user with managePayouts confirms the change (403 for the one who made it). */
  confirmBankDetails: route({
    method: 'POST',
    path: '/api/partners/:id/bank-details/confirm',
    params: idParams,
    body: confirmBankBody,
    answer: dataOf(partner),
  }),
};

/** Confirmation before a partner is disabled or enabled from the list. */
export const partnerToggleMessage = (p: { name: string; enabled: boolean }) =>
  p.enabled
    ? `Disable ${p.name}? They will get no new orders and drop out of the reassign choices at once.`
    : `Enable ${p.name}? They can be offered orders again.`;
