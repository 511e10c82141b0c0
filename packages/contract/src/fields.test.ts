import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { dateField, idField, idParams, MAX_ID, requiredText, text } from './fields';
import { toErrorBag } from './validation';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = z.object({ field: schema }).safeParse({ field: value });
  return r.success ? r.data.field : toErrorBag(r.error.issues).field;
};

describe('idParams', () => {
  it('reads 1..2147483647 in plain decimal digits, and anything else as -1 (no record)', () => {
    expect(idParams.parse({ id: '1' }).id).toBe(1);
    expect(idParams.parse({ id: String(MAX_ID) }).id).toBe(MAX_ID);
    for (const id of ['2147483648', '0', '-1', '1e3', '0x10', '1.5', '007', ' 1', '', 'abc', '１'])
      expect(idParams.parse({ id }).id, id).toBe(-1);
  });

  it('never throws and never answers a number outside the column range', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (id) => {
        const n = idParams.parse({ id }).id;
        expect(n === -1 || (Number.isInteger(n) && n >= 1 && n <= MAX_ID && String(n) === id)).toBe(true);
      }),
    );
    // A hundred generated strings take milliseconds; the margin is for a machine busy with other suites.
  }, 30_000);
});

describe('idField', () => {
  it('takes whole numbers and digit strings within range, in words otherwise', () => {
    expect(messages(idField(), 5)).toBe(5);
    expect(messages(idField(), '5')).toBe(5);
    expect(messages(idField(), 0)).toEqual(['Field must be at least 1.']);
    expect(messages(idField(), MAX_ID + 1)).toEqual(['Field must be at most 2147483647.']);
    for (const v of [true, [1], '1e3', '0x10', 1.5, '1.0', {}, Number.NaN])
      expect(messages(idField(), v), JSON.stringify(v)).toEqual(['Field must be a whole number.']);
    expect(messages(idField(), undefined)).toEqual(['Choose a field.']);
  });
});

describe('text and requiredText', () => {
  it('refuse control characters and lone surrogates, keep tabs, line breaks and surrogate pairs', () => {
    const refused = ['Field must not contain control characters.'];
    for (const v of ['a\u0000b', '\ud800x', 'x\udc00', '\u001b[1m', '\u007f', '\u0085'])
      expect(messages(requiredText(), v), JSON.stringify(v)).toEqual(refused);
    expect(messages(requiredText(), ' a\tb\r\nc 🌸 ')).toBe('a\tb\r\nc 🌸');
    expect(messages(text(3), 'abcd')).toEqual(['Field can have at most 3 characters.']);
    expect(messages(requiredText(), '   ')).toEqual(['Field is required.']);
  });
});

describe('dateField', () => {
  it('takes real dates from 1900 to 2999 only', () => {
    expect(messages(dateField(), '2028-02-29')).toBe('2028-02-29');
    for (const v of [
      '0000-01-01',
      '1899-12-31',
      '3000-01-01',
      '2026-02-29',
      '2026-04-31',
      '2026-1-1',
      'today',
    ])
      expect(messages(dateField(), v), v).toEqual(['Field must be a valid date.']);
  });
});
