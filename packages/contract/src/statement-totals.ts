import { toCents } from './money';
import type { StatementEntry, StatementTotals } from './statements';

/**
 * The statement's figures (DECISIONS.md "Statements", which replaces part 2 point 9), each one function over
 * sums in whole cents, so the screen, the JSON answer and both PDFs agree to the cent. The server sums a month
 * in SQL (the same categories) and calls these; `sumsOfEntries` gives the same sums from a month's entries.
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
  /** Of those deductions, the ones no payout has settled yet (cents). */
  unsettled: number;
};

export const NO_SUMS: StatementSums = {
  paidBills: 0,
  unpaidBills: 0,
  creditNotes: 0,
  instore: 0,
  wholesale: 0,
  refunds: 0,
  unsettled: 0,
};

/** Total deductions = credit notes + in-store + wholesale + refunds. */
export const totalDeductionsCents = (s: StatementSums) => s.creditNotes + s.instore + s.wholesale + s.refunds;

/** Total on pay = all bills (paid or not) less the deductions. */
export const totalOnPayCents = (s: StatementSums) => s.paidBills + s.unpaidBills - totalDeductionsCents(s);

/**
 * Total Unpaid = the unpaid bills less the deductions no payout has settled yet: a month paid out in full
 * shows R 0,00 (its bills paid, its deductions settled by the same payment).
 */
export const totalUnpaidCents = (s: StatementSums) => s.unpaidBills - s.unsettled;

/** Total paid = the paid bills. */
export const totalPaidCents = (s: StatementSums) => s.paidBills;

/**
 * Current balance = every unpaid bill less every unsettled deduction, over all months: what a payout would pay
 * now (equal to all bills less all deductions less all payments).
 */
export const currentBalanceCents = (allTime: StatementSums) => totalUnpaidCents(allTime);

/**
 * The balance as it stood at a day's end: the bills of statement days up to it, less the deductions processed
 * up to it, less the payments made up to it (a past month's statement shows it at the month's end).
 */
export const balanceAtCents = (upTo: { bills: number; deductions: number; payments: number }) =>
  upTo.bills - upTo.deductions - upTo.payments;

/**
 * The five figures in rand, from a month's sums and the balance shown (cents): the current balance for the
 * current month, the balance at the month's end for a past one.
 */
export function statementTotals(month: StatementSums, balanceCents: number): StatementTotals {
  const rand = (cents: number) => cents / 100;
  return {
    currentBalance: rand(balanceCents),
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
        for (const note of entry.creditNotes) {
          sums.creditNotes += toCents(note.amount);
          if (!note.settled) sums.unsettled += toCents(note.amount);
        }
        break;
      case 'refund':
        sums.refunds += toCents(entry.amount);
        if (!entry.settled) sums.unsettled += toCents(entry.amount);
        break;
      case 'instore':
      case 'wholesale':
        sums[entry.type] += toCents(entry.creditNote.amount);
        if (!entry.creditNote.settled) sums.unsettled += toCents(entry.creditNote.amount);
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

/**
 * Each entry type's amount as the summary PDF gives it beside its count (cents, signed as shown): orders their
 * bills less their credit notes, every other type negative.
 */
export function amountsByType(entries: readonly StatementEntry[]): EntryCounts {
  const sums: EntryCounts = { order: 0, refund: 0, payment: 0, wholesale: 0, instore: 0 };
  for (const entry of entries) sums[entry.type] += toCents(entryAmount(entry));
  return sums;
}
