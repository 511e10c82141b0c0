import { z } from 'zod';

import { todayInJohannesburg } from './dates';
import { dateField, idField, requiredText, text } from './fields';
import { formMoney } from './forms';
import { formatMoney, toCents } from './money';
import { MESSAGES } from './messages';
import { email } from './validation';

/**
 * A new order as it comes in (DECISIONS.md "Orders come in"): through the shop's door
 * (`POST /api/intake/orders`, with `externalId`) or staff's phone (`POST /api/orders`, the same body without it).
 * Money in rand with at most two decimals; 1 to 50 lines of 1 to 99 each; delivery today or later in
 * Johannesburg. One schema for both doors, so a bad field is refused the same way wherever it comes from.
 */

/** Where an order came from (`orders.source`); a phone order is staff's own entry. */
export const ORDER_SOURCES = ['web', 'avbob', 'in-store', 'b2b', 'phone'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  web: 'Web shop',
  avbob: 'AVBOB',
  'in-store': 'In-store',
  b2b: 'Business (B2B)',
  phone: 'Phone',
};

export const PAYMENT_TYPES = ['card', 'eft', 'account'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  card: 'Card',
  eft: 'EFT',
  account: 'On account',
};

export const ORDER_ENTRY_LIMITS = {
  lines: 50,
  quantity: 99,
  /** A line's value (each), in rand. */
  value: 100_000,
  deliveryFee: 10_000,
  /** The whole order (lines and delivery), in rand: what one order may come to. */
  total: 1_000_000,
  /** How far ahead a delivery may be booked, in days. */
  daysAhead: 366,
} as const;

export const ORDER_ENTRY_MESSAGES = {
  pastDelivery: ':Attribute cannot be in the past.',
  farDelivery: ':Attribute must be within a year from today.',
  total: `The order can come to at most ${formatMoney(ORDER_ENTRY_LIMITS.total)}.`,
  unknownVariant: 'This product is not in the catalogue.',
  noLines: 'Add at least one item.',
  tooManyLines: `An order can have at most ${String(ORDER_ENTRY_LIMITS.lines)} items.`,
  /** The placing partner (DECISIONS.md "In-store deductions come from in-store orders"). */
  placedByNotInStore:
    'Only an in-store order names the partner who placed it: send source "in-store", or leave the placing partner out.',
  placedByShopKey:
    "This shop's key cannot name a placing partner: only a key made for that partner (their till's key) can.",
  placedByOtherPartner: (partner: string) =>
    `This key was made for ${partner}: it can name only ${partner} as the partner who placed the order.`,
  placedByUnknown: 'Choose an enabled partner as the one who placed the order.',
  placedByDelivers:
    'The partner who placed an in-store order cannot also make or deliver it: choose another partner.',
} as const;

/** Digits with the usual separators: "+27 82 555 1234", "(021) 555-1234". */
const PHONE = /^\+?[0-9][0-9 ()-]{4,28}[0-9]$/;
const phone = () => text(30).refine((v) => PHONE.test(v), MESSAGES.format);
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** An optional text: blank or absent is none (null). */
const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, text(max).optional()).transform((v) => v || null);
const optionalPhone = () => z.preprocess(blankToUndefined, phone().optional()).transform((v) => v ?? null);
const optionalId = () =>
  z.preprocess((v) => (v === null ? undefined : blankToUndefined(v)), idField().optional());
const coordinate = (limit: number) =>
  z.preprocess((v) => (v === null ? undefined : v), z.number().min(-limit).max(limit).optional());

/** The day after `day` plus `days` (YYYY-MM-DD arithmetic on the calendar, no time zone involved). */
export function addDaysTo(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today or later in Johannesburg, and not more than a year ahead (a mistyped year is refused, not booked). */
export const deliveryDateField = () =>
  dateField()
    .refine((d) => d >= todayInJohannesburg(), ORDER_ENTRY_MESSAGES.pastDelivery)
    .refine(
      (d) => d <= addDaysTo(todayInJohannesburg(), ORDER_ENTRY_LIMITS.daysAhead),
      ORDER_ENTRY_MESSAGES.farDelivery,
    );

export const orderEntryLine = z.object({
  productVariantId: idField(),
  quantity: z.number().int().min(1).max(ORDER_ENTRY_LIMITS.quantity),
  value: formMoney(ORDER_ENTRY_LIMITS.value),
  giftMessage: optionalText(500),
  customName: optionalText(255),
});
export type OrderEntryLine = z.output<typeof orderEntryLine>;

export const orderEntryCustomer = z.object({
  name: requiredText(255),
  email: email(),
  phone: optionalPhone(),
});

export const orderEntryRecipient = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  phone: phone(),
  company: optionalText(255),
  address1: requiredText(255),
  address2: optionalText(255),
  address3: optionalText(255),
  city: requiredText(100),
  postalCode: optionalText(10),
  latitude: coordinate(90),
  longitude: coordinate(180),
});

/** The order's value in cents: each line's value × quantity, plus the delivery fee. */
export function orderEntryTotalCents(order: {
  deliveryFee: number;
  lines: readonly { value: number; quantity: number }[];
}): number {
  return order.lines.reduce((sum, l) => sum + toCents(l.value) * l.quantity, toCents(order.deliveryFee));
}

const orderEntryFields = {
  source: z.enum(ORDER_SOURCES),
  paymentType: z.enum(PAYMENT_TYPES),
  profitCentreId: optionalId(),
  companyId: optionalId(),
  customer: orderEntryCustomer,
  recipient: orderEntryRecipient,
  deliveryDate: deliveryDateField(),
  isCollection: z.boolean().optional().default(false),
  notes: optionalText(2000),
  deliveryFee: formMoney(ORDER_ENTRY_LIMITS.deliveryFee),
  placedByPartnerId: optionalId(),
  lines: z
    .array(orderEntryLine)
    .min(1, ORDER_ENTRY_MESSAGES.noLines)
    .max(ORDER_ENTRY_LIMITS.lines, ORDER_ENTRY_MESSAGES.tooManyLines),
};

/** The whole order may not come to more than the limit (each part within its own already). */
function totalWithinLimit(
  order: { deliveryFee: number; lines: { value: number; quantity: number }[] },
  ctx: z.RefinementCtx,
) {
  if (orderEntryTotalCents(order) > toCents(ORDER_ENTRY_LIMITS.total))
    ctx.addIssue({ code: 'custom', path: ['lines'], message: ORDER_ENTRY_MESSAGES.total });
}

/** `POST /api/orders` (staff, a phone order). */
export const orderEntryBody = z.object(orderEntryFields).superRefine(totalWithinLimit);
export type OrderEntryBody = z.output<typeof orderEntryBody>;
export type OrderEntryInput = z.input<typeof orderEntryBody>;

/** `POST /api/intake/orders` (the shop, with an API key): the same, with the shop's own order number. */
export const intakeOrderBody = z
  .object({ externalId: requiredText(100), ...orderEntryFields })
  .superRefine(totalWithinLimit);
export type IntakeOrderBody = z.output<typeof intakeOrderBody>;

/** `GET /api/intake/orders/{externalId}`: the shop's own number, as it sent it. */
export const intakeOrderParams = z.object({ externalId: requiredText(100) });

/** Beside an order's position taken from its suburb or city (`locationApproximate`, issue 46). */
export const APPROXIMATE_POSITION_TEXT =
  'Approximate position (suburb or city centre): the order came without coordinates.';
