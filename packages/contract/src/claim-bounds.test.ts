import { describe, expect, it } from 'vitest';

import {
  type BoundLine,
  linesLeft,
  refundDeductionLeftCents,
  refundLeftCents,
  returnCreditCents,
  splitCappedCents,
  spreadRefundDeduction,
} from './claim-bounds';
import { CLAIM_TEXTS, processRefundBody } from './claims';

const A = { commission: 0.25, vatRegistered: false };
const B = { commission: 0.2, vatRegistered: true };
const rules = new Map([
  [1, A],
  [2, B],
]);
const line = (
  id: number,
  partnerId: number | null,
  valueCents: number,
  quantity = 1,
  more = {},
): BoundLine => ({
  id,
  partnerId,
  valueCents,
  quantity,
  earns: true,
  deductedCents: 0,
  ...more,
});

describe('splitCappedCents', () => {
  it('splits in proportion, rounding down, the cents left to the largest remainders with room', () => {
    // 5 over 100/200/300: 0,83 / 1,67 / 2,5 → 0 / 1 / 2 = 3; 2 left, to 0,83 and 0,67.
    expect(splitCappedCents(5, [100, 200, 300])).toEqual([1, 2, 2]);
    // 2 over 1/1/1: 0,67 each → 0; 2 left to the first two of equals; none above its cap of 1.
    expect(splitCappedCents(2, [1, 1, 1])).toEqual([1, 1, 0]);
    // More than the caps hold is cut to them; nothing to split over gives nothing.
    expect(splitCappedCents(10, [3, 4])).toEqual([3, 4]);
    expect(splitCappedCents(10, [0, 0])).toEqual([0, 0]);
    expect(splitCappedCents(5000, [8625, 25875])).toEqual([1250, 3750]);
  });
});

describe('linesLeft', () => {
  it("shares a partner's on pay over their lines by value and takes off what was deducted", () => {
    // Partner 1 (25 %, no VAT): R 115,00 + R 345,00 = 46 000; commission 11 500; on pay 34 500, split 1:3:
    // R 86,25 and R 258,75 (the issue's lines). Partner 2 (20 %, VAT): 3 × 299,99 = 89 997; commission
    // round(17 999,4) = 17 999; 71 998; VAT round(10 799,7) = 10 800; 82 798. No partner: nothing.
    const bounds = linesLeft(
      [
        line(10, 1, 11500, 1, { deductedCents: 1000 }),
        line(11, 1, 34500, 1, { deductedCents: 43125 }),
        line(12, 2, 29999, 3),
        line(13, null, 5000),
        line(14, 1, 99999, 1, { earns: false }),
      ],
      (id) => rules.get(id),
      0.15,
    );
    expect(bounds.map((b) => [b.id, b.earnedCents, b.leftCents])).toEqual([
      [10, 8625, 7625],
      [11, 25875, 0],
      [12, 82798, 82798],
      [13, 0, 0],
      [14, 0, 0],
    ]);
  });

  it("adds a partner's lines up to their on pay exactly", () => {
    // 3 × R 1,01 = 303; commission round(75,75) = 76; 227 split over equal weights: 75 each, 2 left to the first.
    const bounds = linesLeft(
      [line(1, 1, 101), line(2, 1, 101), line(3, 1, 101)],
      (id) => rules.get(id),
      0.15,
    );
    expect(bounds.map((b) => b.earnedCents)).toEqual([77, 75, 75]);
  });
});

describe('returnCreditCents', () => {
  // 2 × R 129,50 = 25 900; commission 6 475; earned 19 425. One of them: 12 950 − round(3 237,5) = 9 712.
  const roses = { valueCents: 12950, quantity: 2, earnedCents: 19425, leftCents: 19425 };
  it('is the on pay of the quantity returned, a full line exactly what it earned', () => {
    expect(returnCreditCents(roses, { before: 0, now: 1 }, A, 0.15)).toBe(9712);
    // The second item: 19 425 − 9 712 = 9 713; together the whole line.
    expect(returnCreditCents({ ...roses, leftCents: 9713 }, { before: 1, now: 1 }, A, 0.15)).toBe(9713);
    expect(returnCreditCents(roses, { before: 0, now: 2 }, A, 0.15)).toBe(19425);
  });
  it('is at most what is left on the line', () => {
    // A refund deduction took R 50,00 first: 14 425 is left, and the return takes that, not 19 425.
    expect(returnCreditCents({ ...roses, leftCents: 14425 }, { before: 0, now: 2 }, A, 0.15)).toBe(14425);
    expect(returnCreditCents({ ...roses, leftCents: 0 }, { before: 0, now: 1 }, A, 0.15)).toBe(0);
  });
});

describe('a refund deduction', () => {
  it('is at most what is left on its lines, spread by what each can take', () => {
    // The R 86,25 line still whole; the R 258,75 line returned in full: 86,25 left to deduct.
    const lines = [
      { onPayAmountCents: 8625, leftCents: 8625 },
      { onPayAmountCents: 25875, leftCents: 0 },
    ];
    expect(refundDeductionLeftCents(lines)).toBe(8625);
    expect(spreadRefundDeduction(8625, lines)).toEqual([8625, 0]);
    // A part-refund: its on pay of R 40,00 on the line is the most, though R 86,25 is left.
    expect(refundDeductionLeftCents([{ onPayAmountCents: 4000, leftCents: 8625 }])).toBe(4000);
  });
});

describe('refundLeftCents', () => {
  it("is the order's value with delivery less its refunds, never below 0", () => {
    // R 1 400,00 with delivery; R 1 150,00 refunded: R 250,00 left.
    expect(refundLeftCents({ totalValueCents: 140000 }, 115000)).toBe(25000);
    expect(refundLeftCents({ totalValueCents: 140000 }, 150000)).toBe(0);
  });
});

describe('processRefundBody', () => {
  it('takes no deduction when Bloomline or the customer bears the refund', () => {
    expect(processRefundBody.safeParse({ responsible: 'Bloomline' }).success).toBe(true);
    expect(processRefundBody.safeParse({ responsible: 'Customer', onPay: 0 }).success).toBe(true);
    const bad = processRefundBody.safeParse({ responsible: 'Bloomline', onPay: 5 });
    expect(bad.error?.issues[0]?.path).toEqual(['onPay']);
    expect(bad.error?.issues[0]?.message).toBe(CLAIM_TEXTS.nothingDeducted('Bloomline'));
    expect(CLAIM_TEXTS.nothingDeducted('Customer')).toContain('the customer bears the refund');
    const missing = processRefundBody.safeParse({ responsible: 'Partner' });
    expect(missing.error?.issues[0]?.path).toEqual(['onPay']);
  });
});
