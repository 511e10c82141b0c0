import { BANK_FIELDS, bankDetailsBody, lastFour } from '@bloomline/contract';
import type { BankDetails, PartnerUpdateInput } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import type { partners } from '../../db/schema';
import type { QueueMail } from '../../lib/mail-queue';
import { bankDay, changeBankDetails } from '../../shared/bank-details';
import type { BankChange } from '../../shared/bank-details';

type PartnerRow = typeof partners.$inferSelect;

/** Whether the request names any bank field (sent blank or filled). */
export const sendsBankFields = (input: PartnerUpdateInput) =>
  BANK_FIELDS.some((field) => input[field] !== undefined);

/**
 * The partner form's bank fields over the details in force: all blank is "no bank details" (null); otherwise
 * the five together must pass the one schema (bankDetailsBody), each refusal under its field (a 422).
 */
export function bankDetailsFrom(input: PartnerUpdateInput, current: PartnerRow | null): BankDetails | null {
  const merged = {
    bank_name: input.bank_name === undefined ? (current?.bankName ?? null) : input.bank_name,
    branch_code: input.branch_code === undefined ? (current?.branchCode ?? null) : input.branch_code,
    account_name: input.account_name === undefined ? (current?.accountName ?? null) : input.account_name,
    account_number:
      input.account_number === undefined ? (current?.accountNumber ?? null) : input.account_number,
    account_type: input.account_type === undefined ? (current?.accountType ?? null) : input.account_type,
  };
  if (Object.values(merged).every((v) => v === null || v.trim() === '')) return null;
  return bankDetailsBody.parse(merged);
}

/**
 * The e-mail to the partner's owner and business addresses: the old and new account's last four digits only,
 * so a mailbox read by someone else gives nothing away, and the partner can call if they did not ask for it.
 */
export function bankChangeMail(change: BankChange, at: Date) {
  const ending = (n: string | null) => (lastFour(n) === null ? 'none' : `account ending ${lastFour(n)!}`);
  const cleared = change.after.account_number === null;
  return {
    subject: cleared
      ? 'Your bank details at Bloomline were removed'
      : 'Your bank details at Bloomline were changed',
    text: [
      `Hello ${change.partner.name},`,
      '',
      `The bank account Bloomline pays you into was ${cleared ? 'removed' : 'changed'} on ${bankDay(at)}.`,
      '',
      `Before: ${ending(change.before.account_number)}`,
      `Now: ${ending(change.after.account_number)}`,
      '',
      cleared
        ? 'Nothing will be paid to you until new bank details are recorded and confirmed.'
        : 'A second person at Bloomline confirms every change before any payment is made into the new account.',
      'If you did not ask for this, reply to this e-mail or call us at once.',
    ].join('\n'),
  };
}

/** The change and its e-mail, in the caller's transaction (the e-mail is sent once it commits). */
export async function changeAndTell(
  tx: DbOrTx,
  queueMail: QueueMail,
  input: { partnerId: number; userId: number; details: BankDetails | null },
) {
  const at = new Date();
  const change = await changeBankDetails(tx, { ...input, at });
  if (!change) return;
  // Owner and business addresses, once each when they are the same.
  const to = new Map<string, string>();
  for (const address of [change.partner.ownerEmail, change.partner.businessEmail]) {
    const trimmed = address?.trim() ?? '';
    if (trimmed !== '' && !to.has(trimmed.toLowerCase())) to.set(trimmed.toLowerCase(), trimmed);
  }
  const mail = bankChangeMail(change, at);
  for (const address of to.values()) await queueMail(tx, { kind: 'bank-details', to: address, ...mail });
}
