import { z } from 'zod';

import { bankState } from './bank-details';
import { positiveMoney } from './claims';
import { dateField, idField, idParams } from './fields';
import { dataOf, listRequest, paged, pageQuery } from './paging';
import { route } from './routes';
import { requiredString } from './validation';

/**
 * The money cycle on real orders (DECISIONS.md; issue 35): payouts to partners, their wholesale purchases.
 * Money on the wire is rand with two decimals; the server works in cents.
 */

const idName = z.object({ id: z.number(), name: z.string() });

export const PAYOUT_TEXTS = {
  upToFuture: 'Up to cannot be after today.',
  bankIncomplete: (names: string) => `Bank details are incomplete for ${names}.`,
  noPartner: 'Choose at least one partner.',
  unknownPartner: 'One of the partners does not exist.',
  nothingDue: 'Nothing is due to the partners chosen: their balance carries on.',
  bankFile: 'Bank file',
  referenceUsed: (payoutId: number) => `Payout ${String(payoutId)} already used this reference`,
} as const;

/** GET /api/payouts?upTo=YYYY-MM-DD: what each partner is due for bills and deductions up to that day. */
export const payoutDueRequest = z.object({ upTo: dateField() });
export type PayoutDueRequest = z.infer<typeof payoutDueRequest>;

export const payoutDue = z.object({
  partner: idName,
  /** Unpaid bills up to the day (rand). */
  bills: z.number(),
  /** Deductions up to the day not yet settled by a payout (rand). */
  deductions: z.number(),
  /** bills less deductions (rand): paid when above 0, else carried. */
  due: z.number(),
  /** False when the partner's bank details are incomplete (no bank file line can be made). */
  bankReady: z.boolean(),
  /**
   * Issue 46: `ready` (complete and confirmed: payable), `incomplete`, or `awaiting-confirmation` (changed, not
   * yet confirmed by a second user with managePayouts: held, not paid).
   */
  bankState,
  /** False for a disabled partner: still paid what they are owed, marked on the list (issue 46). */
  enabled: z.boolean(),
});
export type PayoutDue = z.infer<typeof payoutDue>;

/** POST /api/payouts. */
export const createPayoutBody = z.object({
  upTo: dateField(),
  paidAt: dateField(),
  reference: requiredString(30),
  partnerIds: z.array(idField()).min(1, PAYOUT_TEXTS.noPartner).max(500),
});
export type CreatePayoutBody = z.input<typeof createPayoutBody>;

export const payoutPayment = z.object({ id: z.number(), partner: idName, amount: z.number() });
export type PayoutPayment = z.infer<typeof payoutPayment>;

export const payoutCreated = z.object({ id: z.number(), payments: z.array(payoutPayment) });
export type PayoutCreated = z.infer<typeof payoutCreated>;

/** The payouts' history (GET /api/payouts/runs), newest first. */
const payoutRunList = listRequest({ sorts: ['created_at'], sort: 'created_at', direction: 'desc' });
export const payoutRunListRequest = payoutRunList.strict;
export type PayoutRunListQuery = z.infer<typeof payoutRunListRequest>;

export const payoutRun = z.object({
  id: z.number(),
  upTo: z.string(),
  paidAt: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ name: z.string() }).nullable(),
  /** Paid in all (rand), and to how many partners. */
  total: z.number(),
  partnerCount: z.number(),
});
export type PayoutRun = z.infer<typeof payoutRun>;

/** GET /api/payouts/{id}: the run with each partner's payment. */
export const payoutDetail = payoutRun.extend({ payments: z.array(payoutPayment) });
export type PayoutDetail = z.infer<typeof payoutDetail>;

/** The bank's bulk-payment file's columns, in order. */
export const BANK_FILE_COLUMNS = [
  'Beneficiary name',
  'Bank',
  'Branch code',
  'Account number',
  'Account type',
  'Amount',
  'Reference',
] as const;

// ---------------------------------------------------------------- wholesale purchases

/** POST /api/partners/{id}/wholesale: a purchase deducted from the partner's pay in that month. */
export const wholesaleBody = z.object({
  date: dateField(),
  description: requiredString(255),
  amount: positiveMoney(),
});
export type WholesaleBody = z.input<typeof wholesaleBody>;

export const wholesalePurchase = z.object({
  id: z.number(),
  date: z.string(),
  description: z.string().nullable(),
  amount: z.number(),
  /** Settled by a payout (then it can no longer change). */
  settled: z.boolean(),
  createdAt: z.string(),
});
export type WholesalePurchase = z.infer<typeof wholesalePurchase>;

export const WHOLESALE_TEXTS = { futureDate: 'Date cannot be after today.' } as const;

// ---------------------------------------------------------------- the routes

/**
 * The payouts' routes (staff with managePayouts) and a partner's wholesale purchases (staff), DECISIONS.md
 * "The money cycle on real orders".
 */
export const payoutRoutes = {
  dues: route({
    method: 'GET',
    path: '/api/payouts',
    query: payoutDueRequest,
    answer: dataOf(z.array(payoutDue)),
  }),
  create: route({
    method: 'POST',
    path: '/api/payouts',
    body: createPayoutBody,
    idempotent: true,
    answer: dataOf(payoutCreated),
  }),
  runs: route({
    method: 'GET',
    path: '/api/payouts/runs',
    query: payoutRunListRequest,
    answer: paged(payoutRun),
  }),
  get: route({ method: 'GET', path: '/api/payouts/:id', params: idParams, answer: dataOf(payoutDetail) }),
  /** The bank's bulk-payment CSV of a payout (a download). */
  bankFile: route({ method: 'GET', path: '/api/payouts/:id/bank-file', params: idParams }),
  /** A partner's wholesale purchases (the partner's id), newest first, paged. */
  wholesale: route({
    method: 'GET',
    path: '/api/partners/:id/wholesale',
    params: idParams,
    query: pageQuery,
    answer: paged(wholesalePurchase),
  }),
  /** A wholesale purchase of a partner: a deduction on that month's statement. */
  addWholesale: route({
    method: 'POST',
    path: '/api/partners/:id/wholesale',
    params: idParams,
    body: wholesaleBody,
    idempotent: true,
    answer: dataOf(wholesalePurchase),
  }),
};
