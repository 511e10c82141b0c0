import type {
  StatementCreditEntry,
  StatementOrderEntry,
  StatementPaymentEntry,
  StatementRefundEntry,
} from './statements';

/**
 * A statement's entries for tests, one builder per kind: a test names what it checks (the amounts, whether
 * settled) and the rest is filled as the server writes it (the key from the kind and id). Used by the
 * contract's totals, worked by hand, and by the web's statement screens.
 */

type OrderPart = Omit<StatementOrderEntry['order'], 'lines'> & {
  lines?: StatementOrderEntry['order']['lines'];
};

export const orderEntry = (
  order: OrderPart,
  bill: StatementOrderEntry['bill'],
  creditNotes: StatementOrderEntry['creditNotes'] = [],
  date = order.deliveryDate ?? '',
): StatementOrderEntry => ({
  type: 'order',
  key: `order-${String(order.id)}`,
  date,
  order: { lines: [], ...order },
  bill,
  creditNotes,
});

export const refundEntry = (
  id: number,
  refund: Omit<StatementRefundEntry, 'type' | 'key' | 'settled'> & { settled?: boolean },
): StatementRefundEntry => ({ type: 'refund', key: `refund-${String(id)}`, settled: false, ...refund });

export const paymentEntry = (
  id: number,
  payment: Omit<StatementPaymentEntry, 'type' | 'key'>,
): StatementPaymentEntry => ({ type: 'payment', key: `payment-${String(id)}`, ...payment });

/** A wholesale purchase or an in-store order: its credit note, dated as the entry. */
export const creditEntry = (
  type: StatementCreditEntry['type'],
  creditNote: StatementCreditEntry['creditNote'],
  order: StatementCreditEntry['order'] = null,
): StatementCreditEntry => ({
  type,
  key: `${type}-${String(creditNote.id)}`,
  date: creditNote.date,
  order,
  creditNote,
});
