import { sql } from 'drizzle-orm';

import { BANK_TEXTS, lastFour } from '@bloomline/contract';
import type { BankDetails, BankState, PartnerBank } from '@bloomline/contract';

import { rowsOf } from '../db/bulk';
import type { DbOrTx } from '../db/client';
import { partnerBankChanges } from '../db/schema';
import { audit } from '../lib/audit';
import { conflict, forbidden, notFound } from '../lib/errors';

/**
 * A partner's bank details under four eyes (DECISIONS.md "Money that cannot go wrong", issue 46). The partner's
 * own columns hold the details in force; `partner_bank_changes` keeps every change with who made it and who
 * confirmed it. The latest change unconfirmed means the details await a second user with managePayouts, and
 * no payout pays them (shared/payouts.ts reads the same state under the same row lock).
 *
 * Every change and every confirmation locks the partner's row first, as a payout does: a payout made while
 * the details change either ran first (it paid the confirmed details and keeps a copy) or waits and then
 * finds them awaiting confirmation (it holds the partner).
 */

/** The state of partner row `p` beside its latest change `c` (joined by `latestBankChange`), as SQL. */
export const BANK_STATE_SQL = sql.raw(`case
    when coalesce(trim(p.bank_name), '') = '' or coalesce(trim(p.branch_code), '') = ''
      or coalesce(trim(p.account_name), '') = '' or coalesce(trim(p.account_number), '') = ''
      or coalesce(trim(p.account_type), '') = '' then 'incomplete'
    when c.id is not null and c.confirmed_at is null then 'awaiting-confirmation'
    else 'ready' end`);

/** The latest change of partner `p`, as `c` (a lateral join: one index probe per partner). */
export const LATEST_BANK_CHANGE_SQL = sql.raw(`left join lateral (
    select id, confirmed_at from partner_bank_changes where partner_id = p.id order by id desc limit 1
  ) c on true`);

type Details = { [K in keyof BankDetails]: BankDetails[K] | null };
const EMPTY: Details = {
  bank_name: null,
  branch_code: null,
  account_name: null,
  account_number: null,
  account_type: null,
};

type LockedRow = Details & {
  id: number;
  name: string;
  owner_email: string | null;
  business_email: string | null;
  state: BankState;
  change_id: number | null;
  changed_by: number | null;
  changed_by_name: string | null;
  changed_at: Date | string | null;
  confirmed_by: number | null;
  confirmed_by_name: string | null;
  confirmed_at: Date | string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The partner's bank details and state with its latest change; `lock` takes the row's lock first. */
async function bankRow(db: DbOrTx, partnerId: number, lock: boolean): Promise<LockedRow | null> {
  if (lock) await db.execute(sql`select id from partners where id = ${partnerId} for update`);
  const [row] = await rowsOf<LockedRow>(
    db,
    sql`select p.id, p.name, p.owner_email, p.business_email, p.bank_name, p.branch_code, p.account_name,
        p.account_number, p.account_type, ${BANK_STATE_SQL} as state, c.id as change_id,
        ch.changed_by, cb.name as changed_by_name, ch.changed_at, ch.confirmed_by,
        fb.name as confirmed_by_name, ch.confirmed_at
      from partners p ${LATEST_BANK_CHANGE_SQL}
        left join partner_bank_changes ch on ch.id = c.id
        left join users cb on cb.id = ch.changed_by
        left join users fb on fb.id = ch.confirmed_by
      where p.id = ${partnerId}`,
  );
  return row ?? null;
}

/** What the partner's record says of its bank details (`shown`: the viewer may read the five fields). */
export async function partnerBankOf(db: DbOrTx, partnerId: number, shown: boolean): Promise<PartnerBank> {
  const row = await bankRow(db, partnerId, false);
  if (!row) throw notFound();
  return bankOf(row, shown);
}

function bankOf(row: LockedRow, shown: boolean): PartnerBank {
  const who = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
  return {
    state: row.state,
    accountLastFour: lastFour(row.account_number),
    shown,
    change:
      row.change_id === null
        ? null
        : {
            id: row.change_id,
            changedBy: who(row.changed_by, row.changed_by_name),
            changedAt: iso(row.changed_at)!,
            confirmedBy: who(row.confirmed_by, row.confirmed_by_name),
            confirmedAt: iso(row.confirmed_at),
          },
  };
}

const detailsOf = (row: Details): Details => ({
  bank_name: row.bank_name,
  branch_code: row.branch_code,
  account_name: row.account_name,
  account_number: row.account_number,
  account_type: row.account_type,
});
const sameDetails = (a: Details, b: Details) =>
  (Object.keys(EMPTY) as (keyof Details)[]).every((k) => (a[k] ?? null) === (b[k] ?? null));

/** What the audit log keeps of a set of details: never the whole account number. */
const audited = (d: Details) => ({
  bank_name: d.bank_name,
  branch_code: d.branch_code,
  account_name: d.account_name,
  account_type: d.account_type,
  account_last_four: lastFour(d.account_number),
});

export interface BankChange {
  partner: { id: number; name: string; ownerEmail: string | null; businessEmail: string | null };
  before: Details;
  after: Details;
}

/**
 * New bank details for a partner (null: cleared), by `userId`: the partner's columns take them, a change row
 * records them awaiting confirmation, and the audit log says so. Null when they are the details already in
 * force (nothing changes). The caller e-mails the partner in the same transaction.
 */
export async function changeBankDetails(
  tx: DbOrTx,
  input: { partnerId: number; userId: number | null; details: BankDetails | null; at?: Date },
): Promise<BankChange | null> {
  const row = await bankRow(tx, input.partnerId, true);
  if (!row) throw notFound();
  const before = detailsOf(row);
  const after: Details = input.details ?? EMPTY;
  if (sameDetails(before, after)) return null;
  const at = input.at ?? new Date();
  await tx.execute(
    sql`update partners set bank_name = ${after.bank_name}, branch_code = ${after.branch_code},
        account_name = ${after.account_name}, account_number = ${after.account_number},
        account_type = ${after.account_type}, updated_at = ${at.toISOString()}::timestamptz
      where id = ${input.partnerId}`,
  );
  await tx.insert(partnerBankChanges).values({
    partnerId: input.partnerId,
    bankName: after.bank_name,
    branchCode: after.branch_code,
    accountName: after.account_name,
    accountNumber: after.account_number,
    accountType: after.account_type,
    changedBy: input.userId,
    changedAt: at,
  });
  const cleared = input.details === null;
  await audit(tx, {
    userId: input.userId,
    event: 'updated',
    message: cleared
      ? `Bank details of ${row.name} cleared.`
      : `Bank details of ${row.name} changed (account ending ${lastFour(after.account_number) ?? ''}); awaiting confirmation by a second user.`,
    propertyType: 'partner',
    propertyId: input.partnerId,
    oldValues: audited(before),
    newValues: audited(after),
    at,
  });
  return {
    partner: {
      id: row.id,
      name: row.name,
      ownerEmail: row.owner_email,
      businessEmail: row.business_email,
    },
    before,
    after,
  };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});
/** "Mon 02 Nov 2026", as the partner page writes a day (the web's formatDay). */
export const bankDay = (at: Date | string) => dayFormat.format(new Date(at)).replace(/,/g, '');

/**
 * A second user with managePayouts confirms the partner's pending change. `changeId`, when given, is the change
 * the user read: a later one is 409 (they confirm only what they saw). Two confirmations at once queue on the
 * partner's row: the first confirms, the second is 409 naming who did.
 */
export async function confirmBankDetails(
  tx: DbOrTx,
  input: { partnerId: number; userId: number; changeId?: number | undefined; at?: Date },
): Promise<void> {
  const row = await bankRow(tx, input.partnerId, true);
  if (!row) throw notFound();
  if (row.change_id === null || row.state === 'incomplete') throw conflict(BANK_TEXTS.nothingToConfirm);
  if (input.changeId !== undefined && input.changeId !== row.change_id)
    throw conflict(BANK_TEXTS.changedSince);
  if (row.confirmed_at !== null)
    throw conflict(
      BANK_TEXTS.alreadyConfirmed(row.confirmed_by_name ?? 'another user', bankDay(row.confirmed_at)),
    );
  if (row.changed_by === input.userId) throw forbidden(BANK_TEXTS.ownChange);
  const at = input.at ?? new Date();
  await tx.execute(
    sql`update partner_bank_changes set confirmed_by = ${input.userId},
        confirmed_at = ${at.toISOString()}::timestamptz where id = ${row.change_id}`,
  );
  await audit(tx, {
    userId: input.userId,
    event: 'updated',
    message: `Bank details of ${row.name} confirmed (account ending ${lastFour(row.account_number) ?? ''}).`,
    propertyType: 'partner',
    propertyId: input.partnerId,
    oldValues: { bank_state: row.state },
    newValues: { bank_state: 'ready', bank_change_id: row.change_id },
    at,
  });
}
