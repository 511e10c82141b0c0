import {
  balanceAtCents,
  currentBalanceCents,
  currentMonth,
  monthBounds,
  statementTotals,
  type StatementEntry,
  type StatementOrderEntry,
  type StatementSort,
} from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import {
  balanceBefore,
  currentBalanceSums,
  monthSums,
  statementEntryPage,
  type EntryCountsRow,
  type EntryRow,
  type StatementPartner,
} from './statements.queries';

/**
 * What a statement shows, from its queries: the month's rows as the contract's entries (the screen's list and
 * the detailed PDF's table, a page at a time), the five figures, and the summary's count and amount per type.
 * The words the PDF prints with them are the PDF's (statements.pdf.ts).
 */

/** Rows a PDF holds at a time: one page read from the database, drawn, then the next. */
export const PDF_BATCH = 500;

const rand = (cents: number | null) => (cents === null ? null : cents / 100);

/** An order entry from its row. */
function orderEntry(row: EntryRow): StatementOrderEntry {
  return {
    type: 'order',
    key: `order-${String(row.row_id)}`,
    date: row.date,
    order: {
      id: row.order_id ?? row.row_id,
      name: row.order_name ?? '',
      firstName: row.first_name,
      lastName: row.last_name,
      deliveryDate: row.delivery_date,
      onPay: rand(row.on_pay_cents),
      totalValue: (row.total_value_cents ?? 0) / 100,
      lines: row.lines ?? [],
    },
    bill:
      row.bill_id === null
        ? null
        : {
            id: row.bill_id,
            paid: row.bill_paid ?? false,
            date: row.bill_paid_at,
            amount: row.amount_cents / 100,
          },
    creditNotes: (row.notes ?? []).map((n) => ({
      id: n.id,
      amount: n.amount_cents / 100,
      date: n.date,
      description: n.description,
      settled: n.settled,
    })),
  };
}

/** A row of the month's entries (statements.queries.ts) as the contract's entry. */
export function entryOf(row: EntryRow): StatementEntry {
  const key = `${row.type}-${String(row.row_id)}`;
  const order = row.order_id === null ? null : { id: row.order_id, name: row.order_name ?? '' };
  switch (row.type) {
    case 'order':
      return orderEntry(row);
    case 'refund':
      return {
        type: 'refund',
        key,
        date: row.date,
        amount: row.amount_cents / 100,
        order: order ?? { id: 0, name: '' },
        name: row.label ?? '',
        settled: row.open_cents === 0,
      };
    case 'payment':
      return { type: 'payment', key, date: row.date, amount: row.amount_cents / 100, reference: row.label };
    default:
      return {
        type: row.type,
        key,
        date: row.date,
        order,
        creditNote: {
          id: row.row_id,
          amount: row.amount_cents / 100,
          date: row.date,
          description: row.label,
          settled: row.open_cents === 0,
        },
      };
  }
}

/** The month's entries a page at a time, in the statement's order: a PDF never holds more than one page. */
export async function* entryPages(
  db: DbOrTx,
  partner: StatementPartner,
  month: string,
  order: { s: StatementSort; d: 'asc' | 'desc' },
) {
  for (let offset = 0; ; offset += PDF_BATCH) {
    const rows = await statementEntryPage(db, partner.id, month, order, { limit: PDF_BATCH, offset });
    for (const row of rows) yield entryOf(row);
    if (rows.length < PDF_BATCH) return;
  }
}

/**
 * The balance a month's statement shows (cents): the current balance for the current month, and for a past
 * month the balance as it stood at that month's end (DECISIONS.md "Statements").
 */
export async function balanceShown(db: DbOrTx, partnerId: number, month: string): Promise<number> {
  if (month >= currentMonth()) return currentBalanceCents(await currentBalanceSums(db, partnerId));
  return balanceAtCents(await balanceBefore(db, partnerId, monthBounds(month).next));
}

/** The month's figures and counts: from SQL sums, by the contract's one function per figure. */
export async function monthFigures(db: DbOrTx, partner: StatementPartner, month: string) {
  const [month_, balance] = await Promise.all([
    monthSums(db, partner.id, month),
    balanceShown(db, partner.id, month),
  ]);
  return {
    totals: statementTotals(month_.sums, balance),
    counts: month_.counts,
    amounts: month_.amounts,
    sums: month_.sums,
  };
}

/** The summary's entry types, in the order its table lists them: what the month's Total on pay adds up. */
const SUMMARY_TYPES = ['order', 'refund', 'wholesale', 'instore'] as const;

export type EntrySummaryRow = { type: EntryRow['type']; count: number; amountCents: number };
export type EntrySummary = {
  rows: EntrySummaryRow[];
  /** The rows' count and amount: the amount is the month's Total on pay (bills less deductions). */
  total: { count: number; amountCents: number };
  /** Payments received in the month (cents, positive), on their own line: never netted into the total. */
  paid: { count: number; amountCents: number };
};

/**
 * The summary's table (issue 46: it adds up): each entry type's count and amount as shown (cents), their total
 * the month's Total on pay, and below it the payments received that month.
 */
export function entrySummary(counts: EntryCountsRow, amounts: EntryCountsRow): EntrySummary {
  return {
    rows: SUMMARY_TYPES.map((type) => ({ type, count: counts[type], amountCents: amounts[type] })),
    total: {
      count: SUMMARY_TYPES.reduce((n, t) => n + counts[t], 0),
      amountCents: SUMMARY_TYPES.reduce((n, t) => n + amounts[t], 0),
    },
    paid: { count: counts.payment, amountCents: -amounts.payment },
  };
}
