import { describe, expect, it } from 'vitest';
import fc from 'fast-check';

import { CLAIM_TEXTS, linesOnPayCents, processRefundBody, processReturnBody, splitCents } from './claims';

describe('splitCents', () => {
  it('rounds each share down and gives the cents left to the largest weight', () => {
    // 100 over 100/200/300: 16,67 → 16; 33,33 → 33; 50 → 50; 99, so 1 more to 300.
    expect(splitCents(100, [100, 200, 300])).toEqual([16, 33, 51]);
    // 555 over the same: 92,5 → 92; 185; 277,5 → 277; 554, so 1 more to 300.
    expect(splitCents(555, [100, 200, 300])).toEqual([92, 185, 278]);
    // 1000 over 1/1/1: 333 each, 1 left to the first of equals.
    expect(splitCents(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    // 7 over 3/4: floor(3) = 3, floor(4) = 4; nothing left.
    expect(splitCents(7, [3, 4])).toEqual([3, 4]);
    // The largest weight need not be last: 10 over 5/2/2 (5,55 → 5; 2,22 → 2; 2): 1 left, to the 5.
    expect(splitCents(10, [5, 2, 2])).toEqual([6, 2, 2]);
  });

  it('splits nothing when there is no weight, and the whole amount over one', () => {
    expect(splitCents(0, [])).toEqual([]);
    expect(splitCents(0, [0, 0])).toEqual([0, 0]);
    expect(splitCents(250, [0, 40])).toEqual([0, 250]);
    expect(splitCents(0, [10, 20])).toEqual([0, 0]);
  });

  it('always adds up to the total and never gives a share more than a cent above its proportion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const sum = weights.reduce((s, w) => s + w, 0);
          fc.pre(sum > 0);
          const shares = splitCents(total, weights);
          expect(shares.reduce((s, c) => s + c, 0)).toBe(total);
          shares.forEach((c, i) => {
            expect(Number.isInteger(c)).toBe(true);
            expect(c).toBeGreaterThanOrEqual(0);
            if (c > 0) expect(weights[i]).toBeGreaterThan(0);
          });
        },
      ),
    );
  });
});

describe('linesOnPayCents', () => {
  it('is the on pay of the lines excluding delivery: value less commission, VAT when registered', () => {
    // 1 × 45 001: commission 25 % = round(11 250,25) = 11 250; 33 751; not VAT registered.
    expect(
      linesOnPayCents([{ valueCents: 45001, quantity: 1 }], { commission: 0.25, vatRegistered: false }, 0.15),
    ).toBe(33751);
    // 2 × 29 999 = 59 998: commission 20 % = round(11 999,6) = 12 000; 47 998; VAT 15 % = round(7 199,7) = 7 200; 55 198.
    expect(
      linesOnPayCents([{ valueCents: 29999, quantity: 2 }], { commission: 0.2, vatRegistered: true }, 0.15),
    ).toBe(55198);
    // Several lines are added before the commission: 3 × 1 000 + 1 × 333 = 3 333; 10 % = round(333,3) = 333; 3 000.
    expect(
      linesOnPayCents(
        [
          { valueCents: 1000, quantity: 3 },
          { valueCents: 333, quantity: 1 },
        ],
        { commission: 0.1, vatRegistered: false },
        0.15,
      ),
    ).toBe(3000);
    expect(linesOnPayCents([], { commission: 0.25, vatRegistered: true }, 0.15)).toBe(0);
  });
});

describe('the processing bodies', () => {
  it('take exactly the three responsible values', () => {
    for (const responsible of ['Bloomline', 'Partner', 'Customer'])
      expect(processReturnBody.safeParse({ responsible }).success).toBe(true);
    const bad = processReturnBody.safeParse({ responsible: 'Nobody' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(CLAIM_TEXTS.responsibleChoice);
  });

  it('read onPay as money: a comma or a point, never negative, not text, not huge', () => {
    expect(processRefundBody.parse({ responsible: 'Partner', onPay: '12,50' }).onPay).toBe(12.5);
    expect(processRefundBody.parse({ responsible: 'Partner', onPay: 0 }).onPay).toBe(0);
    for (const onPay of [-1, 'abc', 1e308, [1], null, '1,234.5'])
      expect(processRefundBody.safeParse({ responsible: 'Partner', onPay }).success).toBe(false);
  });
});
