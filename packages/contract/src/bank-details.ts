import { z } from 'zod';

import { idField, isCleanText } from './fields';

/**
 * A partner's bank details under four eyes (DECISIONS.md "Money that cannot go wrong", issue 46): the one
 * schema of each field (the partner form's fields and PUT /api/partners/{id}/bank-details both read it), the
 * states the payouts list shows, and the words of every refusal, as an accountant says them.
 */

export const BANK_FIELDS = [
  'bank_name',
  'branch_code',
  'account_name',
  'account_number',
  'account_type',
] as const;
export type BankField = (typeof BANK_FIELDS)[number];

/** The account types a South African bank file knows; "Current" is a cheque account by another name. */
export const ACCOUNT_TYPES = ['Cheque', 'Savings', 'Transmission'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const BANK_TEXTS = {
  bank_name: 'Enter the bank, e.g. FNB or Standard Bank.',
  branch_code: 'The branch code must be 6 digits, e.g. 250655.',
  account_name: 'Enter the name the account is held in.',
  account_number: 'The account number must be 6 to 11 digits, with no letters or signs.',
  account_type: 'The account type must be Cheque (Current), Savings or Transmission.',
  text: 'Use letters, digits and ordinary punctuation only.',
  tooLong: (max: number) => `At most ${String(max)} characters.`,
  /** 403: the user who made the change cannot be its second pair of eyes. */
  ownChange:
    'You made this change: another user with the payouts permission must confirm these bank details.',
  /** 403: staff without managePayouts. */
  notAllowed: 'Only users with the payouts permission can change or confirm bank details.',
  /** 409. */
  nothingToConfirm: 'There is no change of these bank details awaiting confirmation.',
  changedSince: 'The bank details changed after you read them: read them again before you confirm.',
  alreadyConfirmed: (name: string, day: string) =>
    `These bank details were already confirmed by ${name} on ${day}.`,
  /** The payouts' refusal under `partnerIds`. */
  awaiting: (names: string) =>
    `Bank details of ${names} are awaiting confirmation by a second user with the payouts permission.`,
} as const;

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/** Digits only, spaces allowed between them as a bank writes them ("250 655"); never a sign or a letter. */
const digits = (min: number, max: number, message: string) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(new RegExp(`^[0-9]{${String(min)},${String(max)}}$`), message));

const words = (max: number, message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .refine(isCleanText, BANK_TEXTS.text)
    .refine((s) => s.length <= max, BANK_TEXTS.tooLong(max));

/** "Current", "cheque/current" and the like are Cheque; the others by their name in any case. */
export function accountTypeOf(text: string): AccountType | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (['cheque', 'current', 'cheque/current', 'current/cheque', 'cheque (current)'].includes(t))
    return 'Cheque';
  if (t === 'savings') return 'Savings';
  if (t === 'transmission') return 'Transmission';
  return null;
}

const accountType = z.string().transform((s, ctx) => {
  const type = accountTypeOf(s);
  if (type === null) {
    ctx.addIssue({ code: 'custom', message: BANK_TEXTS.account_type });
    return z.NEVER;
  }
  return type;
});

/** Each field as given (trimmed; digits without spaces; the account type by its bank-file name). */
const fieldSchemas = {
  bank_name: words(100, BANK_TEXTS.bank_name),
  branch_code: digits(6, 6, BANK_TEXTS.branch_code),
  account_name: words(255, BANK_TEXTS.account_name),
  account_number: digits(6, 11, BANK_TEXTS.account_number),
  account_type: accountType,
} satisfies Record<BankField, z.ZodType<string, string>>;

/** Required: missing or blank is refused with the field's own sentence. */
const required = <S extends z.ZodType<string, string>>(field: BankField, schema: S) =>
  z
    .string(BANK_TEXTS[field])
    .nullish()
    .refine((v) => !blank(v), BANK_TEXTS[field])
    .transform((v) => v ?? '')
    .pipe(schema);

/** PUT /api/partners/{id}/bank-details: all five, each valid (bank details are cleared on the partner form). */
export const bankDetailsBody = z.object({
  bank_name: required('bank_name', fieldSchemas.bank_name),
  branch_code: required('branch_code', fieldSchemas.branch_code),
  account_name: required('account_name', fieldSchemas.account_name),
  account_number: required('account_number', fieldSchemas.account_number),
  account_type: required('account_type', fieldSchemas.account_type),
});
export type BankDetailsBody = z.input<typeof bankDetailsBody>;
export type BankDetails = z.output<typeof bankDetailsBody>;

/**
 * A bank field of the partner form (PUT /api/partners/{id}): left out keeps it, blank clears it, anything else
 * is checked as above. The server then holds the five together (all of them, or none) with `bankDetailsBody`.
 */
export const optionalBankField = (field: BankField) =>
  z
    .string()
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (blank(v)) return null;
      const parsed = fieldSchemas[field].safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });

/** POST /api/partners/{id}/bank-details/confirm: the change read (the web sends it; without, the latest). */
export const confirmBankBody = z.object({ changeId: idField().optional() }).nullish();
export type ConfirmBankBody = z.input<typeof confirmBankBody>;

/** `ready`: complete and confirmed; `incomplete`: a field is blank; else awaiting a second user's confirmation. */
export const BANK_STATES = ['ready', 'incomplete', 'awaiting-confirmation'] as const;
export const bankState = z.enum(BANK_STATES);
export type BankState = z.infer<typeof bankState>;

export const BANK_STATE_LABELS: Record<BankState, string> = {
  ready: 'Confirmed',
  incomplete: 'Incomplete',
  'awaiting-confirmation': 'Awaiting confirmation',
};

const who = z.object({ id: z.number(), name: z.string() });

/** A partner's bank state on their record, for every viewer (the five fields themselves only when `shown`). */
export const partnerBank = z.object({
  state: bankState,
  /** The account number's last four digits: what staff without the payouts permission see. */
  accountLastFour: z.string().nullable(),
  /** False when the five fields are withheld from this viewer (null in the record). */
  shown: z.boolean(),
  /** The latest change: who made it and when, and who confirmed it. Null before any. */
  change: z
    .object({
      id: z.number(),
      /** Null for details recorded before the four-eyes rule (any user with the permission confirms them). */
      changedBy: who.nullable(),
      changedAt: z.string(),
      confirmedBy: who.nullable(),
      confirmedAt: z.string().nullable(),
    })
    .nullable(),
});
export type PartnerBank = z.infer<typeof partnerBank>;

/** The last four digits of an account number ("62000000001" → "0001"); null without one. */
export const lastFour = (accountNumber: string | null | undefined) =>
  blank(accountNumber) ? null : accountNumber!.replace(/\s+/g, '').slice(-4);

/** "•••• 0001": an account number as those who may not see it read it. */
export const maskedAccount = (four: string | null) => (four === null ? 'None' : `•••• ${four}`);

/**
 * Why `user` cannot confirm the partner's pending change (the button's reason), or null when they can. The
 * server decides the same (403 or 409); this is what the page says before anyone clicks.
 */
export function bankConfirmRefusal(
  bank: PartnerBank,
  user: { id: number; permissions: { managePayouts: boolean } },
): string | null {
  if (!user.permissions.managePayouts) return BANK_TEXTS.notAllowed;
  if (bank.state !== 'awaiting-confirmation' || !bank.change) return BANK_TEXTS.nothingToConfirm;
  if (bank.change.changedBy?.id === user.id) return BANK_TEXTS.ownChange;
  return null;
}
