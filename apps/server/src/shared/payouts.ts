import { sql } from 'drizzle-orm';

import { BANK_TEXTS, PAYOUT_TEXTS } from '@bloomline/contract';
import type { BankState } from '@bloomline/contract';

import { arrayLiteral, rowsOf } from '../db/bulk';
import type { DbOrTx, Tx } from '../db/client';
import { payments, payouts } from '../db/schema';
import { audit } from '../lib/audit';
import { ValidationError } from '../lib/errors';
import { BANK_STATE_SQL, LATEST_BANK_CHANGE_SQL } from './bank-details';
import { closeMonths, lockForClosing } from './closed-months';

/**
 * A payout (DECISIONS.md "The money cycle on real orders"): per partner one EFT payment of what is due up to a
 * day (unpaid bills less unsettled deductions whose statement day is on or before it), its bills marked paid on
 * the payment's day and its deductions settled by that payment. A partner whose due is not above zero is
 * carried: nothing of theirs is touched. The product's POST /api/payouts and the seed's monthly pay runs both
 * call `payOut`, in the caller's transaction.
 *
 * Never twice, never lost: the partners' rows are locked first (in id order), so two payouts of a partner queue
 * and the second finds the bills already paid; bills and deductions are picked by id under `for update` and
 * exactly those are marked, so a bill a delivery writes meanwhile is neither paid without being counted nor
 * counted without being paid: it waits for the next payout.
 *
 * Paid only into confirmed bank details (issue 46): under the same row locks the partners' bank state is read; a
 * partner with something due whose details are incomplete or await a second user's confirmation is held
 * (`held: 'refuse'`, the API's: a 422 on partnerIds and nothing is paid; `'skip'`: left out). Each payment keeps
 * a copy of the details it was made to, and the bank file is written from that copy.
 */

/** Unpaid bills, unsettled credit notes and refund deductions, up to a Johannesburg day, as SQL. */
const ZONE = sql.raw(`'Africa/Johannesburg'`);

const ints = (ids: readonly number[]) => sql`${arrayLiteral(ids, false)}::int[]`;

type Picked = { partner_id: number; ids: number[]; cents: string | number; months: string[] };

async function pick(tx: DbOrTx, partnerIds: readonly number[], upTo: string) {
  const bills = await rowsOf<Picked>(
    tx,
    sql`with picked as (
        select id, partner_id, amount_cents, statement_day as day from bills
        where partner_id = any(${ints(partnerIds)}) and not paid and statement_day <= ${upTo}::date
        for update)
      select partner_id, array_agg(id order by id) as ids, sum(amount_cents)::bigint as cents,
        array_agg(distinct to_char(day, 'YYYY-MM')) as months
      from picked group by partner_id`,
  );
  const notes = await rowsOf<Picked>(
    tx,
    sql`with picked as (
        select id, partner_id, amount_cents, date as day from credit_notes
        where partner_id = any(${ints(partnerIds)}) and payment_id is null and date <= ${upTo}::date
          and (kind <> 'order' or order_id is not null)
        for update)
      select partner_id, array_agg(id order by id) as ids, sum(amount_cents)::bigint as cents,
        array_agg(distinct to_char(day, 'YYYY-MM')) as months
      from picked group by partner_id`,
  );
  const refunds = await rowsOf<Picked>(
    tx,
    sql`with picked as (
        select rp.id, rp.partner_id, rp.refund_deduction_cents,
          (r.processed_at at time zone ${ZONE})::date as day from refund_partners rp
          join refunds r on r.id = rp.refund_id
        where rp.partner_id = any(${ints(partnerIds)}) and rp.payment_id is null
          and rp.refund_deduction_cents > 0
          and r.processed_at < ((${upTo}::date + 1)::timestamp at time zone ${ZONE})
        for update of rp)
      select partner_id, array_agg(id order by id) as ids, sum(refund_deduction_cents)::bigint as cents,
        array_agg(distinct to_char(day, 'YYYY-MM')) as months
      from picked group by partner_id`,
  );
  const of = (rows: Picked[], partnerId: number) => {
    const row = rows.find((r) => r.partner_id === partnerId);
    return {
      ids: (row?.ids ?? []).map(Number),
      cents: Number(row?.cents ?? 0),
      months: row?.months ?? [],
    };
  };
  return partnerIds.map((partnerId) => ({
    partnerId,
    bills: of(bills, partnerId),
    notes: of(notes, partnerId),
    refunds: of(refunds, partnerId),
  }));
}

export interface PayOutInput {
  upTo: string;
  paidAt: string;
  reference: string;
  partnerIds: readonly number[];
  userId: number | null;
  /** A partner due money whose bank details are not `ready`: refuse the payout (default) or leave them out. */
  held?: 'refuse' | 'skip';
}

type LockedPartner = {
  id: number;
  name: string;
  bank_name: string | null;
  branch_code: string | null;
  account_name: string | null;
  account_number: string | null;
  account_type: string | null;
  bank_state: BankState;
};

/** The refusal naming the partners held, by why (incomplete first, as the bank file cannot carry them). */
function heldError(held: readonly LockedPartner[]) {
  const names = (state: BankState) =>
    held
      .filter((p) => p.bank_state === state)
      .map((p) => p.name)
      .join(', ');
  const messages = [
    ...(names('incomplete') ? [PAYOUT_TEXTS.bankIncomplete(names('incomplete'))] : []),
    ...(names('awaiting-confirmation') ? [BANK_TEXTS.awaiting(names('awaiting-confirmation'))] : []),
  ];
  return new ValidationError({ partnerIds: messages });
}

export interface PayOutResult {
  id: number;
  payments: { id: number; partnerId: number; name: string; amountCents: number }[];
}

/**
 * 422 on `reference` when another payout used it (compared without case). The unique index holds it against a
 * race; this check, under the closing lock every payout takes first, gives the words.
 */
async function checkReferenceFree(tx: Tx, reference: string): Promise<void> {
  const [used] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from payouts where lower(reference) = lower(${reference}) order by id limit 1`,
  );
  if (used) throw ValidationError.field('reference', PAYOUT_TEXTS.referenceUsed(used.id));
}

/**
 * Pays what is due (see above); null when nobody chosen had anything above zero due (no payout is made).
 * Closes every past month that holds an entry it settled (issue 46, shared/closed-months.ts).
 */
export async function payOut(tx: Tx, input: PayOutInput): Promise<PayOutResult | null> {
  const ids = [...new Set(input.partnerIds)].sort((a, b) => a - b);
  if (ids.length === 0) return null;
  // Payouts queue here (closing months; the reference), so two with one reference cannot both pass the check.
  await lockForClosing(tx);
  await checkReferenceFree(tx, input.reference);
  await tx.execute(sql`select id from partners where id = any(${ints(ids)}) order by id for update`);
  // Read under the lock: a change of bank details made meanwhile waited for it, or was made before it.
  const partners = await rowsOf<LockedPartner>(
    tx,
    sql`select p.id, p.name, p.bank_name, p.branch_code, p.account_name, p.account_number, p.account_type,
        ${BANK_STATE_SQL} as bank_state
      from partners p ${LATEST_BANK_CHANGE_SQL} where p.id = any(${ints(ids)}) order by p.id`,
  );
  const byId = new Map(partners.map((p) => [p.id, p]));
  const names = new Map(partners.map((p) => [p.id, p.name]));
  const picked = (await pick(tx, [...names.keys()], input.upTo)).map((p) => ({
    ...p,
    due: p.bills.cents - p.notes.cents - p.refunds.cents,
  }));
  const held = picked.filter((p) => p.due > 0 && byId.get(p.partnerId)?.bank_state !== 'ready');
  if (held.length > 0 && input.held !== 'skip') throw heldError(held.map((p) => byId.get(p.partnerId)!));
  const paying = picked.filter((p) => p.due > 0 && byId.get(p.partnerId)?.bank_state === 'ready');
  if (paying.length === 0) return null;
  const [payout] = await tx
    .insert(payouts)
    .values({
      upTo: input.upTo,
      paidAt: input.paidAt,
      reference: input.reference,
      createdBy: input.userId,
    })
    .returning({ id: payouts.id });
  const payoutId = payout!.id;
  const result: PayOutResult = { id: payoutId, payments: [] };
  await closeMonths(
    tx,
    paying.flatMap((p) => [...p.bills.months, ...p.notes.months, ...p.refunds.months]),
    'payout',
    payoutId,
  );
  for (const p of paying) {
    const bank = byId.get(p.partnerId)!;
    const [payment] = await tx
      .insert(payments)
      .values({
        partnerId: p.partnerId,
        amountCents: p.due,
        paidAt: input.paidAt,
        reference: input.reference,
        payoutId,
        // The payout's own copy: its bank file never reads the partner's later details.
        bankName: bank.bank_name,
        branchCode: bank.branch_code,
        accountName: bank.account_name,
        accountNumber: bank.account_number,
        accountType: bank.account_type,
      })
      .returning({ id: payments.id });
    const paymentId = payment!.id;
    if (p.bills.ids.length > 0)
      await tx.execute(
        sql`update bills set paid = true, paid_at = ${input.paidAt}::date, payment_id = ${paymentId},
            updated_at = now() where id = any(${ints(p.bills.ids)})`,
      );
    if (p.notes.ids.length > 0)
      await tx.execute(
        sql`update credit_notes set payment_id = ${paymentId} where id = any(${ints(p.notes.ids)})`,
      );
    if (p.refunds.ids.length > 0)
      await tx.execute(
        sql`update refund_partners set payment_id = ${paymentId} where id = any(${ints(p.refunds.ids)})`,
      );
    result.payments.push({
      id: paymentId,
      partnerId: p.partnerId,
      name: names.get(p.partnerId) ?? '',
      amountCents: p.due,
    });
  }
  await audit(tx, {
    userId: input.userId,
    event: 'created',
    message: `Payout ${input.reference} up to ${input.upTo}, paid ${input.paidAt}: ${String(result.payments.length)} partner(s)`,
    propertyType: 'payout',
    propertyId: payoutId,
    newValues: {
      up_to: input.upTo,
      paid_at: input.paidAt,
      reference: input.reference,
      payments: Object.fromEntries(result.payments.map((p) => [p.name, p.amountCents])),
      carried: Object.fromEntries(
        picked.filter((p) => p.due <= 0).map((p) => [names.get(p.partnerId) ?? '', p.due]),
      ),
    },
  });
  return result;
}

/** What each partner is due up to a day (GET /api/payouts), from the unpaid and unsettled rows' indexes. */
export async function payoutDues(db: DbOrTx, upTo: string) {
  return rowsOf<{
    id: number;
    name: string;
    bills: number;
    deductions: number;
    bank_ready: boolean;
    bank_state: BankState;
    enabled: boolean;
  }>(
    db,
    sql`with b as (
        select partner_id, sum(amount_cents)::float8 as cents from bills
        where not paid and statement_day <= ${upTo}::date group by partner_id
      ), d as (
        select partner_id, sum(amount_cents)::float8 as cents from credit_notes
        where payment_id is null and date <= ${upTo}::date and (kind <> 'order' or order_id is not null)
        group by partner_id
        union all
        select rp.partner_id, sum(rp.refund_deduction_cents)::float8 from refund_partners rp
          join refunds r on r.id = rp.refund_id
        where rp.payment_id is null and rp.refund_deduction_cents > 0
          and r.processed_at < ((${upTo}::date + 1)::timestamp at time zone ${ZONE})
        group by rp.partner_id
      ), dd as (select partner_id, sum(cents)::float8 as cents from d group by partner_id)
      select p.id, p.name, coalesce(b.cents, 0)::float8 as bills, coalesce(dd.cents, 0)::float8 as deductions,
        (coalesce(trim(p.bank_name), '') <> '' and coalesce(trim(p.branch_code), '') <> ''
          and coalesce(trim(p.account_name), '') <> '' and coalesce(trim(p.account_number), '') <> ''
          and coalesce(trim(p.account_type), '') <> '') as bank_ready,
        ${BANK_STATE_SQL} as bank_state,
        p.enabled
      from partners p
        ${LATEST_BANK_CHANGE_SQL}
        left join b on b.partner_id = p.id
        left join dd on dd.partner_id = p.id
      where b.partner_id is not null or dd.partner_id is not null
      order by p.name collate "C", p.id`,
  );
}
