import { z } from 'zod';

import { idField, idParams } from './fields';
import { formMoney, formQuantity } from './forms';
import { MESSAGES } from './messages';
import { dataOf, given, listRequest, paged } from './paging';
import { onPay } from './pricing';
import { route } from './routes';
import { optionalString, requiredString } from './validation';

/**
 * Returns and refunds (DECISIONS.md "Returns and refunds"): they arrive from the shop, staff read them and
 * decide who bears the cost. With the partner responsible, the cost becomes a deduction on that partner's
 * pay, which their statement shows.
 */

/** The marketplace's name, as `responsible` is sent and shown when the marketplace bears the cost. */
export const MARKETPLACE_NAME = 'Bloomline';
/** Who bears a return's or refund's cost: exactly these strings on the wire and on screen. */
export const RESPONSIBLE = [MARKETPLACE_NAME, 'Partner', 'Customer'] as const;
export type Responsible = (typeof RESPONSIBLE)[number];
/** What the return dialog offers before the three: the empty '---' (no choice; the form refuses it). */
export const NO_RESPONSIBLE_CHOICE = '---';
/** What a "who is responsible" field says before a choice, in the return and the refund dialogs alike. */
export const RESPONSIBLE_PLACEHOLDER = 'Choose who is responsible';

export const RETURN_STATUSES = ['open', 'processed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** The lists' filter: a return or refund still to process, or processed (issue 35). */
export const CLAIM_STATES = ['open', 'processed'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

/** Why a customer sent flowers back: what the return dialog offers (a note may say more). */
export const RETURN_REASONS = [
  'Damaged on delivery',
  'Wrong item delivered',
  'Flowers wilted within a day',
  'Recipient not available',
  'Late delivery',
  'Not as pictured',
] as const;

/** Texts the screens and answers show verbatim. */
export const CLAIM_TEXTS = {
  responsibleChoice: 'Choose Bloomline, Partner or Customer.',
  returnProcessed: 'This return has already been processed.',
  refundProcessed: 'This refund has already been processed.',
  deductionAbove: (max: string) => `Deduction can be at most the refund's on pay amount (${max}).`,
  /** Opening a return (issue 35). */
  notDelivered: 'Only delivered lines can be returned.',
  notOnOrder: 'This line is not on the order.',
  returnQuantityAbove: (max: number) =>
    max === 0
      ? 'Everything delivered on this line has already been returned.'
      : `At most ${String(max)} can still be returned on this line.`,
  sameLineTwice: 'Each line can be returned once per return.',
  /** Opening a refund (issue 35). */
  refundAbove: (max: string) => `Amount can be at most the order's value (${max}).`,
  refundLineNotDelivered: 'Only delivered lines can be refunded.',
  amountAboveZero: ':Attribute must be more than R 0,00.',
  /** The bounds (issue 46): what is left, before the user types and when they ask for more. */
  deductionLeft: (left: string) => `${left} left to deduct on these lines.`,
  deductionAboveLeft: (left: string) =>
    left === 'R 0,00'
      ? 'Nothing is left to deduct on these lines: their on pay has already been taken back.'
      : `Deduction can be at most ${left}, what is left to deduct on these lines.`,
  refundLeft: (left: string) => `${left} left to refund on this order.`,
  refundAboveLeft: (left: string) =>
    left === 'R 0,00'
      ? 'This order has already been refunded in full.'
      : `Amount can be at most ${left}, what is left to refund on this order (its value with delivery).`,
  nothingDeducted: (responsible: string) =>
    `Nothing is deducted when ${bearer(responsible)} bears the refund: leave the deduction at R 0,00.`,
} as const;

/** Who bears a claim, as history, audit and messages say it: "Bloomline", "the customer", "the partner". */
export const bearer = (responsible: string) =>
  responsible === 'Customer' ? 'the customer' : responsible === 'Partner' ? 'the partner' : responsible;

const idName = z.object({ id: z.number(), name: z.string() });

/** `responsible` as a client sends it: one of the three, required. */
export const responsibleField = () =>
  z.enum(RESPONSIBLE, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? MESSAGES.required
        : CLAIM_TEXTS.responsibleChoice,
  });

// ---------------------------------------------------------------- returns

const returnList = listRequest({
  sorts: ['created_at', 'name'],
  sort: 'created_at',
  direction: 'desc',
  filters: { status: given(z.enum(CLAIM_STATES).optional()) },
});
/** GET /api/orders/returns: paged, `q` over the return's and the order's name, `status`, newest first. */
export const returnListRequest = returnList.strict;
export type ReturnListQuery = z.infer<typeof returnListRequest>;
export const returnListQuery = returnList.lenient;

export const returnListItem = z.object({
  id: z.number(),
  name: z.string(),
  order: idName,
  status: z.enum(RETURN_STATUSES),
  lineCount: z.number(),
  responsible: z.enum(RESPONSIBLE).nullable(),
  createdAt: z.string(),
});
export type ReturnListItem = z.infer<typeof returnListItem>;

export const returnLine = z.object({
  id: z.number(),
  orderLine: z.object({ id: z.number(), title: z.string(), partner: idName.nullable() }),
  quantity: z.number(),
  reason: z.string(),
  reasonNote: z.string().nullable(),
});
export type ReturnLine = z.infer<typeof returnLine>;

/** GET /api/orders/returns/{id}: the list item with its lines, who processed it and when. */
export const returnDetail = returnListItem.extend({
  lines: z.array(returnLine),
  processedBy: z.object({ name: z.string() }).nullable(),
  processedAt: z.string().nullable(),
  /**
   * Each partner's credit note (issue 35): while open, what processing with the partner responsible would
   * deduct; once processed, what was deducted (0 when another party bore the cost).
   */
  creditNotes: z.array(z.object({ partner: idName, amount: z.number() })),
});
export type ReturnDetail = z.infer<typeof returnDetail>;

/** POST /api/orders/returns/{id}/process. */
export const processReturnBody = z.object({ responsible: responsibleField() });
export type ProcessReturnBody = z.input<typeof processReturnBody>;

// ---------------------------------------------------------------- refunds

const refundList = listRequest({
  sorts: ['created_at'],
  sort: 'created_at',
  direction: 'desc',
  filters: { status: given(z.enum(CLAIM_STATES).optional()) },
});
/** GET /api/v2/orders/refunds: paged cards, newest first; `q` over the refund's and order's name, `status`. */
export const refundListRequest = refundList.strict;
export type RefundListQuery = z.infer<typeof refundListRequest>;
export const refundListQuery = refundList.lenient;

export const refundLine = z.object({
  id: z.number(),
  product: z.object({
    title: z.string(),
    images: z.array(z.object({ url: z.string(), altText: z.string().nullable() })),
  }),
  productVariant: z.object({ title: z.string() }).nullable(),
  /** Refunded to the customer (rand). */
  amount: z.number(),
  /** The on pay of that amount: what the partner was paid for it (rand). */
  onPayAmount: z.number(),
});
export type RefundLine = z.infer<typeof refundLine>;

export const refundPartner = z.object({
  id: z.number(),
  partner: idName,
  responsible: z.enum(RESPONSIBLE).nullable(),
  /** What is deducted from this partner's pay (rand). */
  refundDeduction: z.number(),
  processedBy: z.object({ name: z.string() }).nullable(),
  lines: z.array(refundLine),
});
export type RefundPartner = z.infer<typeof refundPartner>;

/** One refund card (the list's items and GET /api/orders/refunds/{id}). */
export const refund = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  /** Refunded to the customer (rand). */
  amount: z.number(),
  /** Deducted from the partners when processed (rand); null until processed. */
  onPay: z.number().nullable(),
  /** The on pay of the refunded lines: the most that can be deducted (rand). */
  onPayAmount: z.number(),
  /**
   * What this refund can still deduct (rand): its lines' on pay less what earlier credit notes and refund
   * deductions took on them (issue 46); 0 once processed.
   */
  onPayLeft: z.number(),
  responsible: z.enum(RESPONSIBLE).nullable(),
  processedAt: z.string().nullable(),
  /** Why the customer was refunded, when staff said (issue 35). */
  reason: z.string().nullable(),
  order: z.object({
    id: z.number(),
    name: z.string(),
    /** The order's total excluding delivery (rand). */
    value: z.number(),
    deliveryFee: z.number(),
    /** What is left to refund on the order: its value with delivery less its refunds (rand; issue 46). */
    refundLeft: z.number(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  partners: z.array(refundPartner),
  lines: z.array(refundLine),
});
export type Refund = z.infer<typeof refund>;

/**
 * PUT /api/orders/refunds/{id} and /api/v2/orders/refunds/{id}. With `Bloomline` or `Customer` responsible
 * nothing is deducted: `onPay` is 0 or absent (issue 46).
 */
export const processRefundBody = z
  .object({
    responsible: responsibleField(),
    /** The amount deducted from partners, in rand; at most what is left on the lines (the server checks). */
    onPay: formMoney().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.responsible === 'Partner' && body.onPay === undefined)
      ctx.addIssue({ code: 'custom', path: ['onPay'], message: MESSAGES.required });
    if (body.responsible !== 'Partner' && (body.onPay ?? 0) > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['onPay'],
        message: CLAIM_TEXTS.nothingDeducted(body.responsible),
      });
  });
export type ProcessRefundBody = z.input<typeof processRefundBody>;

// ---------------------------------------------------------------- opened by staff (issue 35)

/** A rand amount above 0 (a refund, a wholesale purchase). */
export const positiveMoney = () => formMoney().refine((v) => v > 0, { message: CLAIM_TEXTS.amountAboveZero });

/** POST /api/orders/{id}/returns: the delivered lines sent back, how many of each and why. */
export const openReturnBody = z.object({
  lines: z
    .array(
      z.object({
        orderLineId: idField(),
        quantity: formQuantity(99).pipe(z.number().int(MESSAGES.integer)),
        reason: requiredString(255),
        note: optionalString(1000).optional(),
      }),
    )
    .min(1)
    .max(50),
});
export type OpenReturnBody = z.input<typeof openReturnBody>;

/** POST /api/orders/{id}/refunds: what the customer gets back, for which delivered lines, and why. */
export const openRefundBody = z.object({
  amount: positiveMoney(),
  lines: z.array(idField()).min(1).max(50),
  reason: optionalString(1000).optional(),
});
export type OpenRefundBody = z.input<typeof openRefundBody>;

// ---------------------------------------------------------------- the routes

/**
 * The returns' and refunds' routes (staff only). Below `/api/orders/`, beside the orders' `/api/orders/:id`;
 * the refunds' list is the original client's `/api/v2/…`, and a refund is processed at both addresses.
 */
export const claimRoutes = {
  returns: route({
    method: 'GET',
    path: '/api/orders/returns',
    query: returnListRequest,
    answer: paged(returnListItem),
  }),
  getReturn: route({
    method: 'GET',
    path: '/api/orders/returns/:id',
    params: idParams,
    answer: dataOf(returnDetail),
  }),
  /** Only while open: a 409 once processed. */
  processReturn: route({
    method: 'POST',
    path: '/api/orders/returns/:id/process',
    params: idParams,
    body: processReturnBody,
    idempotent: true,
    answer: dataOf(returnDetail),
  }),
  /** A return of an order's delivered lines (the order's id). */
  openReturn: route({
    method: 'POST',
    path: '/api/orders/:id/returns',
    params: idParams,
    body: openReturnBody,
    idempotent: true,
    answer: dataOf(returnDetail),
  }),
  /** A refund of an order's delivered lines (the order's id). */
  openRefund: route({
    method: 'POST',
    path: '/api/orders/:id/refunds',
    params: idParams,
    body: openRefundBody,
    idempotent: true,
    answer: dataOf(refund),
  }),
  refunds: route({
    method: 'GET',
    path: '/api/v2/orders/refunds',
    query: refundListRequest,
    answer: paged(refund),
  }),
  getRefund: route({
    method: 'GET',
    path: '/api/orders/refunds/:id',
    params: idParams,
    answer: dataOf(refund),
  }),
  /** Only while no one is responsible: a 409 once processed. */
  processRefund: route({
    method: 'PUT',
    path: '/api/orders/refunds/:id',
    params: idParams,
    body: processRefundBody,
    idempotent: true,
    answer: dataOf(refund),
  }),
  /** The same at the original client's other address. */
  processRefundV2: route({
    method: 'PUT',
    path: '/api/v2/orders/refunds/:id',
    params: idParams,
    body: processRefundBody,
    idempotent: true,
    answer: dataOf(refund),
  }),
};

// ---------------------------------------------------------------- the deductions

/**
 * `totalCents` split over shares in proportion to their weights, in whole cents that add up to the total:
 * each share is rounded down and the cents left over go to the largest weight (the first of equals). With
 * no weight at all, nothing can be split: every share is 0 (the total must then be 0).
 */
export function splitCents(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || weights.length === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((totalCents * w) / sum));
  const left = totalCents - shares.reduce((s, c) => s + c, 0);
  const largest = weights.reduce((best, w, i) => (w > weights[best]! ? i : best), 0);
  shares[largest]! += left;
  return shares;
}

/** Lines of one partner as the on-pay rule reads them: unit value as sold (cents) and quantity. */
export interface PaidLine {
  valueCents: number;
  quantity: number;
}

/**
 * The on pay (excl. delivery) of some of a partner's lines, by the rule the order pages show (`onPay` in
 * pricing.ts): a refunded line's `onPayAmount`, and the credit note a responsible partner gets for a return
 * (the returned quantity of their lines).
 */
export function linesOnPayCents(
  lines: readonly PaidLine[],
  partner: { commission: number; vatRegistered: boolean },
  vat: number,
): number {
  return onPay({
    lines,
    commission: partner.commission,
    vatRegistered: partner.vatRegistered,
    vat,
    deliveryFeeCents: 0,
  }).excludingDeliveryCents;
}
