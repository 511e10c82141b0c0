import { statementDate, type StatementEntry, type StatementOrderEntry } from '@bloomline/contract';

import { moneyInText } from '../../lib/pdf';
import type { EntryRow } from './statements.queries';

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

/** What the PDF's "Details" column says of an entry. */
export function entryDetails(entry: StatementEntry): string {
  switch (entry.type) {
    case 'order': {
      const who = [entry.order.firstName, entry.order.lastName].filter(Boolean).join(' ');
      const paid = entry.bill
        ? entry.bill.paid
          ? `Paid ${statementDate(entry.bill.date)}`.trim()
          : 'Unpaid'
        : 'billed in an earlier month';
      const notes = entry.creditNotes.map((n) => `credit note ${moneyInText(-n.amount)}`);
      return [who, paid, ...notes].filter(Boolean).join(' · ');
    }
    case 'refund':
      return entry.name;
    case 'payment':
      return entry.reference ?? 'EFT payment';
    default:
      return entry.creditNote.description ?? '';
  }
}

export const ENTRY_TYPE_NAMES: Record<StatementEntry['type'], string> = {
  order: 'Order',
  refund: 'Refund',
  payment: 'Payment',
  wholesale: 'Wholesale',
  instore: 'In-store',
};

/** The entry's order number or the payment's reference: the "Order no" column. */
export const entryName = (entry: StatementEntry): string =>
  entry.type === 'payment' ? '' : (entry.order?.name ?? '');
