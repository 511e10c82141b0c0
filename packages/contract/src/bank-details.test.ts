import { describe, expect, it } from 'vitest';

import { BANK_TEXTS, bankDetailsBody, lastFour, optionalBankField } from './bank-details';

// Issue 46: the one schema of a partner's bank details, as the server and the web read it.

const GOOD = {
  bank_name: 'FNB',
  branch_code: '250655',
  account_name: 'Protea Petals (Pty) Ltd',
  account_number: '62000000001',
  account_type: 'Cheque',
};
const errorsOf = (body: Record<string, unknown>) => {
  const parsed = bankDetailsBody.safeParse(body);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('bankDetailsBody', () => {
  it('refuses the issue’s examples and every field’s bounds in an accountant’s words', () => {
    expect(errorsOf({ ...GOOD, account_number: '-2+3', branch_code: '+27-1' })).toEqual({
      account_number: BANK_TEXTS.account_number,
      branch_code: BANK_TEXTS.branch_code,
    });
    for (const n of ['12345', '123456789012', '62 000 00000 1A', '6200000000.1'])
      expect(errorsOf({ ...GOOD, account_number: n }), n).toEqual({
        account_number: BANK_TEXTS.account_number,
      });
    for (const t of ['Bond', 'credit', ''])
      expect(errorsOf({ ...GOOD, account_type: t }), t).toEqual({ account_type: BANK_TEXTS.account_type });
    expect(errorsOf({ ...GOOD, account_name: ' ', bank_name: null })).toEqual({
      account_name: BANK_TEXTS.account_name,
      bank_name: BANK_TEXTS.bank_name,
    });
  });

  it('takes 6 and 11 digits, spaces between digits, and reads Current as Cheque', () => {
    expect(bankDetailsBody.parse({ ...GOOD, account_number: '123456' }).account_number).toBe('123456');
    expect(
      bankDetailsBody.parse({
        ...GOOD,
        branch_code: '250 655',
        account_number: '6200 0000 001',
        account_type: 'current',
      }),
    ).toEqual({ ...GOOD, account_type: 'Cheque' });
    for (const t of ['Savings', 'TRANSMISSION', 'Cheque/Current'])
      expect(bankDetailsBody.safeParse({ ...GOOD, account_type: t }).success, t).toBe(true);
  });
});

describe('optionalBankField (the partner form)', () => {
  it('keeps a field left out, clears a blank one and checks the rest', () => {
    const field = optionalBankField('account_number');
    expect(field.parse(undefined)).toBeUndefined();
    expect(field.parse('  ')).toBeNull();
    expect(field.parse('62000000001')).toBe('62000000001');
    expect(field.safeParse('-2+3').error?.issues[0]?.message).toBe(BANK_TEXTS.account_number);
  });
});

it('lastFour', () => {
  expect(lastFour('62000000001')).toBe('0001');
  expect(lastFour(null)).toBeNull();
});
