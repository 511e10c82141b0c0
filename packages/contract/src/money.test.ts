import { describe, expect, it } from 'vitest';

import { componentBody } from './components';
import {
  formatCount,
  formatMoney,
  formatPercent,
  formatWholeRand,
  parseMoney,
  parsePercent,
  percentInText,
  toCents,
} from './money';
import { onPay, toCents as pricingToCents } from './pricing';
import { toErrorBag } from './validation';

const value = (parsed: ReturnType<typeof parseMoney>) => (parsed.ok ? parsed.value : parsed.message);

describe('formatWholeRand', () => {
  it('writes a chart axis’s amount to the whole rand, without cents', () => {
    expect(formatWholeRand(80_000)).toBe('R 80 000');
    expect(formatWholeRand(1_234_567.5)).toBe('R 1 234 568');
    expect(formatWholeRand(0)).toBe('R 0');
    expect(formatWholeRand(-2500)).toBe('-R 2 500');
    expect(formatWholeRand(-0.2)).toBe('R 0');
  });
});

describe('formatMoney', () => {
  it('writes rand South African style: R, a space between thousands, a decimal comma', () => {
    expect(formatMoney(1234.56)).toBe('R 1 234,56');
    expect(formatMoney(12.5)).toBe('R 12,50');
    expect(formatMoney(0)).toBe('R 0,00');
    expect(formatMoney(1_000_000)).toBe('R 1 000 000,00');
    expect(formatMoney(999.995)).toBe('R 1 000,00');
    expect(formatMoney(0.1 + 0.2)).toBe('R 0,30');
    expect(formatMoney(1.005)).toBe('R 1,01');
  });

  it('puts a minus in front of a negative amount, reads numeric strings, and shows a dash for none', () => {
    expect(formatMoney(-99.9)).toBe('-R 99,90');
    expect(formatMoney('450.00')).toBe('R 450,00');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(undefined)).toBe('—');
    expect(formatMoney('')).toBe('—');
    expect(formatMoney('abc')).toBe('—');
  });
});

describe('parseMoney', () => {
  it('takes a comma or a point before the decimals and spaces between thousands', () => {
    expect(value(parseMoney('12,50'))).toBe(12.5);
    expect(value(parseMoney('12.50'))).toBe(12.5);
    expect(value(parseMoney('1 234,5'))).toBe(1234.5);
    expect(value(parseMoney('1234.50'))).toBe(1234.5);
    expect(value(parseMoney('1 234 567'))).toBe(1234567);
    expect(value(parseMoney(' 7 '))).toBe(7);
    expect(value(parseMoney(',5'))).toBe(0.5);
    expect(value(parseMoney('-5'))).toBe(-5);
  });

  it('reads back what formatMoney shows, no-break spaces included', () => {
    expect(value(parseMoney('R 1 234,56'))).toBe(1234.56);
    expect(value(parseMoney('R\u00a01\u202f234,56'))).toBe(1234.56);
    expect(value(parseMoney(formatMoney(-99.9)))).toBe(-99.9);
    for (const amount of [0, 0.01, 12.5, 1234.56, 999_999.99])
      expect(value(parseMoney(formatMoney(amount)))).toBe(amount);
  });

  it('refuses anything else with a message instead of reading another number', () => {
    const notAnAmount = ':Attribute must be an amount such as 1 234,50.';
    for (const typed of [
      '12,50,1',
      '1,234.5',
      '1.234,5',
      'R',
      '',
      '12 34',
      'abc',
      '12.',
      '1e3',
      '--5',
      '0x10',
    ])
      expect(value(parseMoney(typed)), typed).toBe(notAnAmount);
    expect(value(parseMoney('1,234'))).toBe(':Attribute can have at most 2 decimals.');
    expect(value(parseMoney('12.505'))).toBe(':Attribute can have at most 2 decimals.');
  });
});

describe('formatPercent and parsePercent', () => {
  it('shows a fraction as a percentage with a space before the sign', () => {
    expect(formatPercent(0.15)).toBe('15 %');
    expect(formatPercent(0.125)).toBe('12,5 %');
    expect(formatPercent(0.0775)).toBe('7,75 %');
    expect(formatPercent(10)).toBe('1 000 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(formatPercent(null)).toBe('—');
  });

  it('reads a typed percentage as its fraction', () => {
    expect(value(parsePercent('15'))).toBe(0.15);
    expect(value(parsePercent('12,5'))).toBe(0.125);
    expect(value(parsePercent('12.5 %'))).toBe(0.125);
    expect(value(parsePercent('7,75%'))).toBe(0.0775);
    expect(value(parsePercent('1 000'))).toBe(10);
    expect(value(parsePercent(formatPercent(0.3333)))).toBe(0.3333);
  });

  it('refuses what is not a percentage, and more than two decimals', () => {
    for (const typed of ['12,50,1', '1,234.5', '%', '', 'abc'])
      expect(value(parsePercent(typed)), typed).toBe(':Attribute must be a percentage such as 12,5.');
    expect(value(parsePercent('12,345'))).toBe(':Attribute can have at most 2 decimals.');
  });
});

describe('a money field of a body', () => {
  const bag = (price: unknown) => {
    const parsed = componentBody.safeParse({ name: 'Rose', wholesale_excl_vat: price });
    return parsed.success ? parsed.data.wholesale_excl_vat : toErrorBag(parsed.error.issues);
  };

  it('reads typed text the way parseMoney does, and numbers as they are', () => {
    expect(bag('12,50')).toBe(12.5);
    expect(bag('1 234.5')).toBe(1234.5);
    expect(bag(12.5)).toBe(12.5);
  });

  it("refuses in the field's own words", () => {
    expect(bag('12,50,1')).toEqual({
      wholesale_excl_vat: ['Wholesale price must be an amount such as 1 234,50.'],
    });
    expect(bag('')).toEqual({ wholesale_excl_vat: ['Wholesale price is required.'] });
    expect(bag(-5)).toEqual({ wholesale_excl_vat: ['Wholesale price cannot be negative.'] });
    expect(bag('-5')).toEqual({ wholesale_excl_vat: ['Wholesale price cannot be negative.'] });
    expect(bag(12.345)).toEqual({ wholesale_excl_vat: ['Wholesale price can have at most 2 decimals.'] });
    expect(bag(2_000_000)).toEqual({
      wholesale_excl_vat: ['Wholesale price must be at most R 1 000 000,00.'],
    });
  });
});

describe('percentInText', () => {
  it('writes a fraction as the audit log and the on-pay labels have always written it', () => {
    expect(percentInText(0.15)).toBe('15%');
    expect(percentInText(0.125)).toBe('12.5%');
    expect(percentInText(0.1234)).toBe('12.34%');
    expect(percentInText(0)).toBe('0%');
  });

  it('is what the on-pay rows of an order say', () => {
    const rows = onPay({
      lines: [{ valueCents: 10_000, quantity: 1 }],
      commission: 0.125,
      vat: 0.15,
      vatRegistered: true,
      deliveryFeeCents: 0,
    }).rows;
    expect(rows.map((r) => r.label)).toEqual(
      expect.arrayContaining([`Commission (${percentInText(0.125)})`, `VAT (${percentInText(0.15)})`]),
    );
  });
});

describe('toCents: the one rand-to-cents conversion', () => {
  it('rounds half away from zero without the float error of x * 100, worked by hand', () => {
    expect(toCents(1.005)).toBe(101); // 1.005 * 100 is 100.49999999999999 in floating point
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(1.15)).toBe(115); // 114.99999999999999
    expect(toCents(1234.56)).toBe(123456);
    expect(Object.is(toCents(-0.001), 0)).toBe(true); // never a negative zero ('-R 0,00')
  });

  it('is the same function the price formulas use', () => {
    expect(pricingToCents).toBe(toCents);
  });
});

describe('formatCount: a count with its thousands split as money splits them', () => {
  it('writes whole numbers with plain spaces between groups of three', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1 000');
    expect(formatCount(1204330)).toBe('1 204 330');
    expect(formatCount(-12345)).toBe('-12 345');
    expect(formatMoney(1204330)).toBe(`R ${formatCount(1204330)},00`);
  });
});
