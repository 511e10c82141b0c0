import type { MonthEndRun, StatementAnswer, StatementEntry, StatementMonth } from '@bloomline/contract';
import * as builders from '@bloomline/contract/statements.test-support';

/** The latest months as the server answers them (newest first). */
export const months: StatementMonth[] = [
  { month: '2026-06', ordersReceived: 0, ordersSent: 0 },
  { month: '2026-05', ordersReceived: 14, ordersSent: 2 },
  { month: '2026-04', ordersReceived: 1204, ordersSent: 0 },
];

export const orderEntry: StatementEntry = builders.orderEntry(
  {
    id: 41,
    name: 'BL-1041',
    firstName: 'Lerato',
    lastName: 'Nkosi',
    deliveryDate: '2026-05-12',
    onPay: 450.5,
    totalValue: 899,
    lines: [{ id: 1, title: 'Pink roses', quantity: 1, status: 'delivered' }],
  },
  { id: 9, paid: true, date: '2026-06-07', amount: 450.5 },
  [{ id: 3, amount: 50, date: '2026-05-20', description: 'Return', settled: false }],
);

export const entries: StatementEntry[] = [
  orderEntry,
  builders.orderEntry(
    {
      id: 42,
      name: 'BL-1042',
      firstName: 'Sam',
      lastName: null,
      deliveryDate: '2026-05-14',
      onPay: 1200,
      totalValue: 1500,
    },
    { id: 10, paid: false, date: null, amount: 1200 },
  ),
  builders.refundEntry(5, {
    date: '2026-05-18',
    amount: 80,
    order: { id: 43, name: 'BL-1043' },
    name: 'RF-5',
  }),
  builders.paymentEntry(2, { date: '2026-05-07', amount: 3000, reference: 'EFT April' }),
  builders.creditEntry('wholesale', {
    id: 7,
    amount: 120,
    date: '2026-05-03',
    description: 'Wholesale roses',
    settled: true,
  }),
  builders.creditEntry(
    'instore',
    { id: 8, amount: 300, date: '2026-05-22', description: null, settled: false },
    { id: 44, name: 'BL-1044' },
  ),
];

export const statement: StatementAnswer = {
  data: entries,
  meta: {
    month: '2026-05',
    partner: { id: 7, name: 'Petals & Co' },
    totals: {
      currentBalance: 2150.25,
      totalUnpaid: 650,
      totalOnPay: 1100.5,
      totalDeductions: 550,
      totalPaid: 450.5,
    },
  },
};

export const run = (over: Partial<MonthEndRun> = {}): MonthEndRun => ({
  month: '2026-10',
  total: 0,
  sent: 0,
  failed: 0,
  toGo: 0,
  failures: [],
  partners: [],
  ...over,
});
