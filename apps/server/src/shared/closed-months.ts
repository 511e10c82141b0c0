import { sql } from 'drizzle-orm';

import {
  CLOSED_MONTH_TEXTS,
  currentMonth,
  earliestStatementMonth,
  firstDayOf,
  monthBounds,
  todayInJohannesburg,
} from '@bloomline/contract';

import { rowsOf } from '../db/bulk';
import type { DbOrTx } from '../db/client';
import { ValidationError } from '../lib/errors';

/**
 * Closed months (issue 46; DECISIONS.md "Closed months stay closed"). A past month closes when its month-end
 * run has finished (modules/statements) or a payout settled an entry dated in it (shared/payouts.ts), both in
 * their own transaction; the current month is never closed while its days are still being delivered. A month
 * closed closes every month before it, so "the first open month" is one month and `isClosed` a comparison.
 *
 * Closing and dating wait for each other: a closer takes this advisory lock exclusively, and whatever dates a
 * record by a day someone chose (a wholesale purchase) takes it shared before checking, so a purchase never
 * slips into a month a payout is closing at the same moment.
 */
const LOCK = sql.raw('46046046');

/** The month after (2026-12 → 2027-01). */
const nextMonth = (month: string) => monthBounds(month).next.slice(0, 7);

/** The earliest month anything may still be dated in (YYYY-MM). */
export async function firstOpenMonth(db: DbOrTx, today: string = todayInJohannesburg()): Promise<string> {
  const [row] = await rowsOf<{ month: string | null }>(
    db,
    sql`select max(month) as month from closed_months where month < ${today.slice(0, 7)}`,
  );
  const floor = earliestStatementMonth(today);
  const afterClosed = row?.month ? nextMonth(row.month) : floor;
  return afterClosed > floor ? afterClosed : floor;
}

export async function isClosed(db: DbOrTx, month: string): Promise<boolean> {
  return month < (await firstOpenMonth(db));
}

/** The recorded closed months, newest first. */
export async function closedMonthList(db: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ month: string }>(db, sql`select month from closed_months order by month desc`);
  return rows.map((r) => r.month);
}

/** Inside a closer's transaction, before it reads what it closes on: waits for daters in flight. */
export async function lockForClosing(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
}

/**
 * Closes the past months among `months` (YYYY-MM) in the caller's transaction (which holds `lockForClosing`).
 * A month already closed keeps its first closing.
 */
export async function closeMonths(
  db: DbOrTx,
  months: readonly string[],
  closedBy: 'month-end run' | 'payout',
  payoutId: number | null = null,
): Promise<void> {
  const now = currentMonth();
  const past = [...new Set(months)].filter((m) => /^\d{4}-\d{2}$/.test(m) && m < now);
  for (const month of past)
    await db.execute(
      sql`insert into closed_months (month, closed_by, payout_id) values (${month}, ${closedBy}, ${payoutId})
          on conflict (month) do nothing`,
    );
}

/**
 * A day someone chose for a new record (a wholesale purchase): at most today and not in a closed month, else
 * 422 on `field` ("October is closed; date it in November or later"). Call inside the transaction that writes
 * the record: it holds the shared lock until that commits.
 */
export async function checkDayIsOpen(
  db: DbOrTx,
  day: string,
  field: string,
  futureText: string,
): Promise<void> {
  const today = todayInJohannesburg();
  if (day > today) throw ValidationError.field(field, futureText);
  await db.execute(sql`select pg_advisory_xact_lock_shared(${LOCK})`);
  await checkNotClosed(db, day, field);
}

/** 422 on `field` when `day` lies in a closed month (the caller holds the closing lock, shared or not). */
export async function checkNotClosed(db: DbOrTx, day: string, field: string): Promise<void> {
  const today = todayInJohannesburg();
  const open = await firstOpenMonth(db, today);
  if (day < firstDayOf(open))
    throw ValidationError.field(field, CLOSED_MONTH_TEXTS.closed(day.slice(0, 7), open, today));
}
