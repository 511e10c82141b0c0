import { describe, expect, it } from 'vitest';
import fc from 'fast-check';

import { ON_PAY_EXCL, ON_PAY_INCL, onPay, onPayMap, ratePrice, retailPrice, variantTotals } from './pricing';

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

describe('rate price (cents, exact)', () => {
  it('prices zero markup as wholesale plus VAT', () => {
    // R10.00 × 1 = R10.00; VAT 15 % = R1.50; price R11.50
    expect(ratePrice({ wholesaleCents: 1000, markup: 0, vat: 0.15, rebate: 0 })).toEqual({
      vatCents: 150,
      priceCents: 1150,
    });
  });
  it('rounds a half cent up, where floating point would round it down', () => {
    // 20c × 1.35 = 27c; + 15 % = 31.05c; / 0.9 = 34.5c exactly → 35c (20 × 1.35 × 1.15 / 0.9 is 34.4999… in floats)
    expect(ratePrice({ wholesaleCents: 20, markup: 0.35, vat: 0.15, rebate: 0.1 }).priceCents).toBe(35);
    // 3c × 1.5 = 4.5c, no VAT → 5c
    expect(ratePrice({ wholesaleCents: 3, markup: 0.5, vat: 0, rebate: 0 }).priceCents).toBe(5);
  });
  it('follows a change of VAT', () => {
    // R100.00 × 2.1 = R210.00; 15 % VAT = R31.50 → R241.50; 16 % VAT = R33.60 → R243.60
    expect(ratePrice({ wholesaleCents: 10000, markup: 1.1, vat: 0.15, rebate: 0 })).toEqual({
      vatCents: 3150,
      priceCents: 24150,
    });
    expect(ratePrice({ wholesaleCents: 10000, markup: 1.1, vat: 0.16, rebate: 0 })).toEqual({
      vatCents: 3360,
      priceCents: 24360,
    });
  });
  it('divides by one minus the rebate, rounded once at the end', () => {
    // R12.50 × 1.9 = R23.75; VAT R3.5625 → R3.56; (23.75 + 3.5625) / 0.95 = R28.75 exactly
    expect(ratePrice({ wholesaleCents: 1250, markup: 0.9, vat: 0.15, rebate: 0.05 })).toEqual({
      vatCents: 356,
      priceCents: 2875,
    });
  });
  it('refuses negative inputs and a rebate of 100 %', () => {
    expect(() => ratePrice({ wholesaleCents: -1, markup: 0, vat: 0.15, rebate: 0 })).toThrow(RangeError);
    expect(() => ratePrice({ wholesaleCents: 1, markup: 0, vat: 0.15, rebate: 1 })).toThrow(RangeError);
  });
  it('agrees with the rand formula wherever floating point is not at a half cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 9000 }),
        (w, m, r) => {
          const exact = (w * (1 + m / 1e4) * 1.15) / (1 - r / 1e4);
          fc.pre(Math.abs((exact % 1) - 0.5) > 1e-6);
          const { priceCents } = ratePrice({
            wholesaleCents: w,
            markup: m / 1e4,
            vat: 0.15,
            rebate: r / 1e4,
          });
          return priceCents === Math.round(exact);
        },
      ),
    );
  });
});

describe('variant totals', () => {
  it('sums quantity × price and quantity × wholesale, rounded once', () => {
    // 12 × R25.41 + 0.5 × R10.01 (= R5.005) + 1 × R80.00 = R389.925 → R389.93
    expect(
      variantTotals([
        { quantity: 12, priceCents: 2541, wholesaleCents: 1250 },
        { quantity: 0.5, priceCents: 1001, wholesaleCents: 3 },
        { quantity: 1, priceCents: 8000, wholesaleCents: 3500 },
      ]),
    ).toEqual({ priceCents: 38993, wholesaleCents: 18502 });
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
    // By hand: 900.00 − 225.00 = 675.00; + VAT 101.25 = 776.25; + 99.00 and its VAT 14.85 = 890.10
    expect(onPayMap(r.rows)).toEqual({
      'Order value (Excl Delivery)': 900,
      'Commission (25%)': -225,
      'After commission': 675,
      'VAT (15%)': 101.25,
      [ON_PAY_EXCL]: 776.25,
      'Delivery fee': 99,
      'VAT on delivery (15%)': 14.85,
      [ON_PAY_INCL]: 890.1,
    });
    expect(Object.keys(onPayMap(r.rows)).slice(-2)).toEqual(['VAT on delivery (15%)', ON_PAY_INCL]);
  });

  it('adds no VAT on the delivery fee for a partner without a VAT number', () => {
    const r = onPay({
      lines: [{ valueCents: 45000, quantity: 2 }],
      commission: 0.25,
      vatRegistered: false,
      vat: 0.15,
      deliveryFeeCents: 9900,
    });
    // By hand: 675.00 + 99.00 = 774.00
    expect(r.includingDeliveryCents).toBe(77400);
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
          const feeVat = vatRegistered ? Math.round(fee * 0.15) : 0;
          expect(r.includingDeliveryCents).toBe(r.excludingDeliveryCents + fee + feeVat);
          expect(r.excludingDeliveryCents).toBeLessThanOrEqual(Math.round(value * 1.15) + 1);
          expect(r.excludingDeliveryCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
