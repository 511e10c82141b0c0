/**
 * Money formulas shared by the server and the web. Amounts are integer cents unless a name says rand;
 * fractions (markup, rebate, VAT, commission) are decimals such as 0.15.
 */

export const toCents = (rand: number) => Math.round(rand * 100);
export const toRand = (cents: number) => Math.round(cents) / 100;

/** Retail price = (wholesale × (1 + markup) + VAT on that) / (1 − rebate), rounded to 2 decimals (rand). */
export function retailPrice(wholesaleRand: number, markup: number, vat: number, rebate: number): number {
  const marked = wholesaleRand * (1 + markup);
  const withVat = marked + marked * vat;
  if (rebate >= 1) throw new RangeError('rebate must be below 1');
  return Math.round((withVat / (1 - rebate)) * 100) / 100;
}

export interface OnPayInput {
  /** The partner's lines: unit value (cents, incl. VAT as sold) and quantity. */
  lines: readonly { valueCents: number; quantity: number }[];
  /** The marketplace's commission, a fraction. */
  commission: number;
  /** The partner is VAT registered (has a VAT number). */
  vatRegistered: boolean;
  vat: number;
  /** The delivery fee the partner earns (0 when they do not deliver, or for a collection). */
  deliveryFeeCents: number;
}

export interface OnPayRow {
  label: string;
  cents: number;
}

export interface OnPayResult {
  rows: OnPayRow[];
  excludingDeliveryCents: number;
  includingDeliveryCents: number;
}

export const ON_PAY_EXCL = 'On pay (Excl Delivery)';
export const ON_PAY_INCL = 'On pay (Incl Delivery)';

const percent = (f: number) => `${String(Math.round(f * 10000) / 100)}%`;

/**
 * What the partner is paid for an order: their line values excl. delivery, less their commission, plus VAT
 * when they are VAT registered; then the delivery fee when they deliver. Each step is a labelled row.
 */
export function onPay(input: OnPayInput): OnPayResult {
  const value = input.lines.reduce((sum, l) => sum + l.valueCents * l.quantity, 0);
  const commission = Math.round(value * input.commission);
  const afterCommission = value - commission;
  const vat = input.vatRegistered ? Math.round(afterCommission * input.vat) : 0;
  const excl = afterCommission + vat;
  const incl = excl + input.deliveryFeeCents;
  const rows: OnPayRow[] = [
    { label: 'Order value (Excl Delivery)', cents: value },
    { label: `Commission (${percent(input.commission)})`, cents: -commission },
    { label: 'After commission', cents: afterCommission },
    { label: input.vatRegistered ? `VAT (${percent(input.vat)})` : 'VAT (not VAT registered)', cents: vat },
    { label: ON_PAY_EXCL, cents: excl },
    { label: 'Delivery fee', cents: input.deliveryFeeCents },
    { label: ON_PAY_INCL, cents: incl },
  ];
  return { rows, excludingDeliveryCents: excl, includingDeliveryCents: incl };
}

/** The rows as GET /api/orders/{id}/onpayment's key/value map, in rand. */
export function onPayMap(rows: readonly OnPayRow[]): Record<string, number> {
  return Object.fromEntries(rows.map((r) => [r.label, toRand(r.cents)]));
}
