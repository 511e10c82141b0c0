import { splitCents } from './claims';
import { onPay } from './pricing';

/**
 * The bounds on every claim (DECISIONS.md "Money that cannot go wrong", issue 46), written once: the server's
 * checks, the seed and the dialogs all read what is left from here. Everything is in integer cents.
 *
 * - Per order line and partner, the deductions (return credit notes and refund deductions) never add up to
 *   more than the on pay the partner earned for that line.
 * - The refunds of an order never add up to more than its value with the delivery fee.
 */

/** A partner as the on-pay rule reads them. */
export interface PayRule {
  commission: number;
  vatRegistered: boolean;
  /**
   * The VAT rate the line was assigned with (issue 46: a line's pay is fixed when it is assigned); absent, the
   * rate passed beside the rule.
   */
  vat?: number;
}

/** One order line as the bounds read it. */
export interface BoundLine {
  id: number;
  /** The partner it is assigned to; a line without one earns nothing and nothing is deducted on it. */
  partnerId: number | null;
  valueCents: number;
  quantity: number;
  /** Whether it earns its partner money: assigned and neither rejected nor cancelled. */
  earns: boolean;
  /** Already taken back from its partner on it: credit notes' and refund deductions' parts (cents). */
  deductedCents: number;
}

/** What a line earned and what is left to deduct on it. */
export interface LineBound {
  id: number;
  partnerId: number | null;
  earnedCents: number;
  leftCents: number;
}

/**
 * `totalCents` split in proportion to `caps`, never giving a share more than its cap (the total must be at most
 * their sum; more is cut to it): each share is rounded down, and the cents left go one each to the shares with
 * the largest remainders (the first of equals), which all have room, as a rounded-down share is below its cap.
 */
export function splitCappedCents(totalCents: number, caps: readonly number[]): number[] {
  const sum = caps.reduce((s, c) => s + Math.max(0, c), 0);
  const total = Math.max(0, Math.min(totalCents, sum));
  if (sum === 0) return caps.map(() => 0);
  const exact = caps.map((c) => (total * Math.max(0, c)) / sum);
  const shares = exact.map((e) => Math.floor(e));
  let left = total - shares.reduce((s, c) => s + c, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, r: e - Math.floor(e) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    if (shares[i]! < Math.max(0, caps[i]!)) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/** The on pay excl. delivery of `quantity` of a line, by the rule the order pages show (pricing.ts `onPay`). */
const onPayOf = (valueCents: number, quantity: number, rule: PayRule, vat: number) =>
  onPay({
    lines: [{ valueCents, quantity }],
    commission: rule.commission,
    vatRegistered: rule.vatRegistered,
    vat: rule.vat ?? vat,
    deliveryFeeCents: 0,
  }).excludingDeliveryCents;

/**
 * What each line earned and what is left to deduct on it. A partner's lines on the order share that partner's
 * on pay excl. delivery (their lines together, as the bill computes it) in proportion to their value, to the
 * cent, so a partner's lines never add up to more than the bill. What is left is that less what was deducted,
 * never below 0. `lines` are all the order's lines (a partner's earned share depends on their other lines).
 */
export function linesLeft(
  lines: readonly BoundLine[],
  ruleOf: (partnerId: number) => PayRule | undefined,
  vat: number,
): LineBound[] {
  const earned = new Map<number, number>();
  const partnerIds = [
    ...new Set(lines.flatMap((l) => (l.earns && l.partnerId !== null ? [l.partnerId] : []))),
  ];
  for (const partnerId of partnerIds) {
    const rule = ruleOf(partnerId);
    if (!rule) continue;
    const own = lines.filter((l) => l.earns && l.partnerId === partnerId);
    const total = onPay({
      lines: own,
      commission: rule.commission,
      vatRegistered: rule.vatRegistered,
      vat: rule.vat ?? vat,
      deliveryFeeCents: 0,
    }).excludingDeliveryCents;
    const shares = splitCents(
      total,
      own.map((l) => l.valueCents * l.quantity),
    );
    own.forEach((l, i) => earned.set(l.id, shares[i]!));
  }
  return lines.map((l) => {
    const earnedCents = earned.get(l.id) ?? 0;
    return {
      id: l.id,
      partnerId: l.partnerId,
      earnedCents,
      leftCents: Math.max(0, earnedCents - l.deductedCents),
    };
  });
}

/**
 * A return's credit note on one line: the on pay of the quantity returned, at most what is left on the line.
 * Taken as the on pay of everything returned so far less that of what was returned before, with the whole line
 * counting as what it earned, so returns that bring the line back in full take exactly what it earned (a line
 * returned in full leaves 0).
 */
export function returnCreditCents(
  line: { valueCents: number; quantity: number; earnedCents: number; leftCents: number },
  returned: { before: number; now: number },
  rule: PayRule,
  vat: number,
): number {
  const part = (n: number) =>
    n >= line.quantity ? line.earnedCents : n <= 0 ? 0 : onPayOf(line.valueCents, n, rule, vat);
  const credit = part(returned.before + returned.now) - part(returned.before);
  return Math.max(0, Math.min(credit, line.leftCents));
}

/** A refund's line as its deduction reads it: the on pay of the refunded amount, and what is left on the line. */
export interface RefundedLineBound {
  /** The on pay of the part of the refund on this line: the most this refund takes on it. */
  onPayAmountCents: number;
  leftCents: number;
}

/** The most a refund can deduct on each of its lines now: its on pay there, at most what is left on the line. */
export const refundLineCaps = (lines: readonly RefundedLineBound[]) =>
  lines.map((l) => Math.max(0, Math.min(l.onPayAmountCents, l.leftCents)));

/** The most a refund can deduct now: its lines' caps together ("R 86,25 left to deduct on these lines"). */
export const refundDeductionLeftCents = (lines: readonly RefundedLineBound[]) =>
  refundLineCaps(lines).reduce((s, c) => s + c, 0);

/**
 * A refund's deduction spread over its lines in proportion to what each can still take, never above it (the
 * deduction must be at most `refundDeductionLeftCents`; more is cut to it).
 */
export const spreadRefundDeduction = (deductionCents: number, lines: readonly RefundedLineBound[]) =>
  splitCappedCents(deductionCents, refundLineCaps(lines));

/** What is left to refund on an order: its value with the delivery fee, less the refunds already opened. */
export const refundLeftCents = (order: { totalValueCents: number }, refundedCents: number) =>
  Math.max(0, order.totalValueCents - refundedCents);
