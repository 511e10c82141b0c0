/**
 * Money formulas shared by the server and the web. Amounts are integer cents unless a name says rand;
 * fractions (markup, rebate, VAT, commission) are decimals such as 0.15.
 */
import { percentInText, toCents } from './money';

export { toCents };

/** South Africa's VAT rate: the `vat` setting when none is stored, and what the demo data starts with. */
export const DEFAULT_VAT = 0.15;
export const toRand = (cents: number) => Math.round(cents) / 100;

/** Fractions (markup, rebate, VAT) are kept to four decimal places (12.34 % = 0.1234), as the columns are. */
export const FRACTION_SCALE = 10_000;
/** A fraction as a whole number of ten-thousandths: 0.1234 → 1234. */
export const fractionUnits = (fraction: number) => Math.round(fraction * FRACTION_SCALE);

/** Division of positive whole numbers, rounded half up (PostgreSQL's round() does the same on numeric). */
const divideRounded = (numerator: bigint, denominator: bigint) =>
  (2n * numerator + denominator) / (2n * denominator);

export interface RatePriceInput {
  wholesaleCents: number;
  markup: number;
  vat: number;
  rebate: number;
}

/**
 * The price of a component in a profit centre (part 2, point 5), in cents:
 * price = (wholesale × (1 + markup) + VAT on that) / (1 − rebate), rounded to the cent once, at the end;
 * vat = the VAT on the marked-up wholesale, rounded to the cent. Computed exactly in whole numbers (the
 * fractions have four decimals), so a half cent always rounds up and the server's SQL
 * (`shared/prices.ts`) gives the same cent for every input.
 */
export function ratePrice(input: RatePriceInput): { vatCents: number; priceCents: number } {
  const scale = BigInt(FRACTION_SCALE);
  const w = BigInt(Math.round(input.wholesaleCents));
  const m = BigInt(fractionUnits(input.markup));
  const v = BigInt(fractionUnits(input.vat));
  const r = BigInt(fractionUnits(input.rebate));
  if (w < 0n || m < 0n || v < 0n || r < 0n) throw new RangeError('prices and fractions are not negative');
  if (r >= scale) throw new RangeError('rebate must be below 1');
  const vatCents = divideRounded(w * (scale + m) * v, scale * scale);
  const priceCents = divideRounded(w * (scale + m) * (scale + v), scale * (scale - r));
  return { vatCents: Number(vatCents), priceCents: Number(priceCents) };
}

/** The same in rand, as the rate form shows it: `retailPrice(100, 0.5, 0.15, 0.1)` is 191.67. */
export function retailPrice(wholesaleRand: number, markup: number, vat: number, rebate: number): number {
  return toRand(ratePrice({ wholesaleCents: toCents(wholesaleRand), markup, vat, rebate }).priceCents);
}

/**
 * A variant's price and wholesale (excl VAT) from its recipe: the sum over its component rates of
 * quantity × the rate's price, and quantity × the component's wholesale, each rounded to the cent once.
 * Quantities have at most three decimals. `shared/prices.ts` computes the same in SQL.
 */
export function variantTotals(
  parts: readonly { quantity: number; priceCents: number; wholesaleCents: number }[],
): { priceCents: number; wholesaleCents: number } {
  const q = (quantity: number) => BigInt(Math.round(quantity * 1000));
  let price = 0n;
  let wholesale = 0n;
  for (const p of parts) {
    price += q(p.quantity) * BigInt(p.priceCents);
    wholesale += q(p.quantity) * BigInt(p.wholesaleCents);
  }
  return {
    priceCents: Number(divideRounded(price, 1000n)),
    wholesaleCents: Number(divideRounded(wholesale, 1000n)),
  };
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

/**
 * What the partner is paid for an order (DECISIONS.md "Money and pricing"): their line values excl. delivery,
 * less their commission, plus VAT when they are VAT registered; then the delivery fee when they deliver, with
 * VAT on it too for a VAT-registered partner. Each step is a labelled row. The one function every figure of
 * on pay comes from: the order page, the breakdown dialog, the list's `onPay`, the bill written at delivery,
 * the statement and its PDFs, and the accounting CSV.
 */
export function onPay(input: OnPayInput): OnPayResult {
  const value = input.lines.reduce((sum, l) => sum + l.valueCents * l.quantity, 0);
  const commission = Math.round(value * input.commission);
  const afterCommission = value - commission;
  const vat = input.vatRegistered ? Math.round(afterCommission * input.vat) : 0;
  const excl = afterCommission + vat;
  const fee = input.deliveryFeeCents;
  const feeVat = input.vatRegistered ? Math.round(fee * input.vat) : 0;
  const incl = excl + fee + feeVat;
  const rows: OnPayRow[] = [
    { label: 'Order value (Excl Delivery)', cents: value },
    { label: `Commission (${percentInText(input.commission)})`, cents: -commission },
    { label: 'After commission', cents: afterCommission },
    {
      label: input.vatRegistered ? `VAT (${percentInText(input.vat)})` : 'VAT (not VAT registered)',
      cents: vat,
    },
    { label: ON_PAY_EXCL, cents: excl },
    { label: 'Delivery fee', cents: fee },
    ...(input.vatRegistered
      ? [{ label: `VAT on delivery (${percentInText(input.vat)})`, cents: feeVat }]
      : []),
    { label: ON_PAY_INCL, cents: incl },
  ];
  return { rows, excludingDeliveryCents: excl, includingDeliveryCents: incl };
}

/** The rows as GET /api/orders/{id}/onpayment's key/value map, in rand. */
export function onPayMap(rows: readonly OnPayRow[]): Record<string, number> {
  return Object.fromEntries(rows.map((r) => [r.label, toRand(r.cents)]));
}
