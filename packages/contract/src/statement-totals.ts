import { toCents } from './money';
import type { StatementEntry, StatementTotals } from './statements';

/**
 * The statement's figures (part 2, point 9), each one function over sums in whole cents, so the screen, the
 * JSON answer and both PDFs agree to the cent. The server sums a month in SQL (the same categories) and calls
 * these; `sumsOfEntries` gives the same sums from a month's entries.
 */
export type StatementSums = {
  /** Bills of the month that are paid, and those that are not (cents). */
  paidBills: number;
  unpaidBills: number;
  /** Deductions processed in the month (cents): credit notes on orders, in-store orders, wholesale, refunds. */
  creditNotes: number;
  instore: number;
  wholesale: number;
  refunds: number;
};

export const NO_SUMS: StatementSums = {
  paidBills: 0,
  unpaidBills: 0,
  creditNotes: 0,
  instore: 0,
  wholesale: 0,
  refunds: 0,
};

/** Total deductions = credit notes + in-store + wholesale + refunds. */
export const totalDeductionsCents = (s: StatementSums) => s.creditNotes + s.instore + s.wholesale + s.refunds;

/** Total on pay = all bills (paid or not) less the deductions. */
export const totalOnPayCents = (s: StatementSums) => s.paidBills + s.unpaidBills - totalDeductionsCents(s);

/** Total Unpaid = the same limited to unpaid bills: unpaid bills less the deductions. */
export const totalUnpaidCents = (s: StatementSums) => s.unpaidBills - totalDeductionsCents(s);

/** Total paid = the paid bills. */
export const totalPaidCents = (s: StatementSums) => s.paidBills;

/** Current balance = every unpaid bill less every deduction, across all months (DECISIONS.md). */
export const currentBalanceCents = (allTime: StatementSums) => totalUnpaidCents(allTime);

/** The five figures in rand, from a month's sums and the partner's sums over all months. */
export function statementTotals(month: StatementSums, allTime: StatementSums): StatementTotals {
  const rand = (cents: number) => cents / 100;
  return {
    currentBalance: rand(currentBalanceCents(allTime)),
    totalUnpaid: rand(totalUnpaidCents(month)),
    totalOnPay: rand(totalOnPayCents(month)),
    totalDeductions: rand(totalDeductionsCents(month)),
    totalPaid: rand(totalPaidCents(month)),
  };
}

/** A month's sums from its entries (what the server sums in SQL, from the answer's own rows). */
export function sumsOfEntries(entries: readonly StatementEntry[]): StatementSums {
  const sums = { ...NO_SUMS };
  for (const entry of entries) {
    switch (entry.type) {
      case 'order':
        if (entry.bill) {
          if (entry.bill.paid) sums.paidBills += toCents(entry.bill.amount);
          else sums.unpaidBills += toCents(entry.bill.amount);
        }
        for (const note of entry.creditNotes) sums.creditNotes += toCents(note.amount);
        break;
      case 'refund':
        sums.refunds += toCents(entry.amount);
        break;
      case 'instore':
      case 'wholesale':
        sums[entry.type] += toCents(entry.creditNote.amount);
        break;
      case 'payment':
        // An EFT payment settles bills already counted as paid: shown, never summed (point 9).
        break;
    }
  }
  return sums;
}

/**
 * An entry's amount as the screen and the PDFs show it (rand): an order its bill less its credit notes, every
 * other entry negative (a payment received, a refund, a wholesale purchase, an in-store order).
 */
export function entryAmount(entry: StatementEntry): number {
  switch (entry.type) {
    case 'order': {
      const notes = entry.creditNotes.reduce((sum, n) => sum + toCents(n.amount), 0);
      return ((entry.bill ? toCents(entry.bill.amount) : 0) - notes) / 100;
    }
    case 'refund':
    case 'payment':
      return -entry.amount;
    default:
      return -entry.creditNote.amount;
  }
}

/** How many entries of each type (the summary PDF's counts). */
export type EntryCounts = Record<StatementEntry['type'], number>;
