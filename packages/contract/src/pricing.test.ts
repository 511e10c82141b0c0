import { describe, expect, it } from 'vitest';
import fc from 'fast-check';

import { ON_PAY_EXCL, ON_PAY_INCL, onPay, onPayMap, retailPrice } from './pricing';

describe('retail price', () => {
  it('applies markup, VAT and rebate, rounded to cents', () => {
    // 100 × 1.5 = 150; + 15 % VAT = 172.5; / (1 − 0.1) = 191.666… → 191.67
    expect(retailPrice(100, 0.5, 0.15, 0.1)).toBe(191.67);
    expect(retailPrice(10, 0, 0.15, 0)).toBe(11.5);
  });
  it('refuses a rebate of 100 %', () => {
    expect(() => retailPrice(10, 0, 0.15, 1)).toThrow(RangeError);
  });
});

describe('on pay', () => {
  it('takes commission, adds VAT for a VAT-registered partner, then the delivery fee', () => {
    const r = onPay({
      lines: [{ valueCents: 45000, quantity: 2 }],
      commission: 0.25,
      vatRegistered: true,
      vat: 0.15,
      deliveryFeeCents: 9900,
    });
    // 900.00 − 225.00 = 675.00; + VAT 101.25 = 776.25; + 99.00 = 875.25
    expect(onPayMap(r.rows)).toEqual({
      'Order value (Excl Delivery)': 900,
      'Commission (25%)': -225,
      'After commission': 675,
      'VAT (15%)': 101.25,
      [ON_PAY_EXCL]: 776.25,
      'Delivery fee': 99,
      [ON_PAY_INCL]: 875.25,
    });
    expect(Object.keys(onPayMap(r.rows)).slice(-3)).toEqual([ON_PAY_EXCL, 'Delivery fee', ON_PAY_INCL]);
  });

  it('adds no VAT for a partner without a VAT number', () => {
    const r = onPay({
      lines: [{ valueCents: 10000, quantity: 1 }],
      commission: 0.2,
      vatRegistered: false,
      vat: 0.15,
      deliveryFeeCents: 0,
    });
    expect(r.excludingDeliveryCents).toBe(8000);
    expect(r.includingDeliveryCents).toBe(8000);
  });

  it('always ends with incl = excl + delivery fee and never pays more than value plus VAT and fee', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            valueCents: fc.integer({ min: 0, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
          }),
          { maxLength: 5 },
        ),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 0, max: 50_000 }),
        (lines, commission, vatRegistered, fee) => {
          const r = onPay({ lines, commission, vatRegistered, vat: 0.15, deliveryFeeCents: fee });
          const value = lines.reduce((s, l) => s + l.valueCents * l.quantity, 0);
          expect(r.includingDeliveryCents).toBe(r.excludingDeliveryCents + fee);
          expect(r.excludingDeliveryCents).toBeLessThanOrEqual(Math.round(value * 1.15) + 1);
          expect(r.excludingDeliveryCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
