import { describe, expect, it } from 'vitest';

import {
  NO_SUMS,
  amountsByType,
  balanceAtCents,
  currentBalanceCents,
  entryAmount,
  statementTotals,
  sumsOfEntries,
  totalDeductionsCents,
  totalOnPayCents,
  totalUnpaidCents,
} from './statement-totals';
import {
  latestMonths,
  monthBounds,
  monthName,
  previousMonth,
  statementRequest,
  type StatementEntry,
} from './statements';
import { creditEntry, orderEntry, paymentEntry, refundEntry } from './statements.test-support';

const order = (
  id: number,
  amount: number,
  paid: boolean,
  notes: number[] = [],
  settled = paid,
): StatementEntry =>
  orderEntry(
    {
      id,
      name: `#BL${String(id)}`,
      firstName: 'Thandi',
      lastName: 'Nkosi',
      deliveryDate: '2026-05-10',
      onPay: amount,
      totalValue: amount * 1.5,
    },
    { id, paid, date: paid ? '2026-06-07' : null, amount },
    notes.map((n, i) => ({ id: i + 1, amount: n, date: '2026-05-12', description: null, settled })),
  );

/**
 * May, worked by hand: bills R 500,00 (paid by a payout that also settled its credit note R 50,00), R 320,50
 * (unpaid) and R 1 000,00 (unpaid, a return's credit note R 100,00); a refund of R 75,25; an EFT payment of
 * R 450,00 (shown, not summed); wholesale R 300,00; an in-store order R 450,00; none of those settled yet.
 *   paid bills 500,00; unpaid bills 1 320,50; deductions 50 + 100 + 75,25 + 300 + 450 = 975,25
 *   unsettled deductions 975,25 - 50 = 925,25
 *   Total on pay = 1 820,50 - 975,25 = 845,25; Total Unpaid = 1 320,50 - 925,25 = 395,25; Total paid = 500,00
 */
const MAY: StatementEntry[] = [
  order(1, 500, true, [50]),
  order(2, 320.5, false),
  order(3, 1000, false, [100]),
  refundEntry(1, { date: '2026-05-20', amount: 75.25, order: { id: 3, name: '#BL3' }, name: '#BL3-RF1' }),
  paymentEntry(1, { date: '2026-05-07', amount: 450, reference: 'EFT' }),
  creditEntry('wholesale', {
    id: 9,
    amount: 300,
    date: '2026-05-14',
    description: 'Wholesale roses',
    settled: false,
  }),
  creditEntry(
    'instore',
    { id: 10, amount: 450, date: '2026-05-15', description: null, settled: false },
    { id: 7, name: '#BL7' },
  ),
];

describe('statement totals (part 2, point 9)', () => {
  it('a month with every kind of entry, worked by hand', () => {
    const sums = sumsOfEntries(MAY);
    expect(sums).toEqual({
      paidBills: 50_000,
      unpaidBills: 132_050,
      creditNotes: 15_000,
      instore: 45_000,
      wholesale: 30_000,
      refunds: 7_525,
      unsettled: 92_525,
    });
    expect(totalDeductionsCents(sums)).toBe(97_525);
    expect(totalOnPayCents(sums)).toBe(84_525);
    expect(totalUnpaidCents(sums)).toBe(39_525);
    // Across months: April left R 200,00 unpaid with no deductions, so the balance adds it.
    const allTime = { ...sums, unpaidBills: sums.unpaidBills + 20_000 };
    expect(statementTotals(sums, currentBalanceCents(allTime))).toEqual({
      currentBalance: 595.25,
      totalUnpaid: 395.25,
      totalOnPay: 845.25,
      totalDeductions: 975.25,
      totalPaid: 500,
    });
  });

  it('a month paid out in full shows R 0,00 unpaid, its deductions settled by the payment', () => {
    // By hand: bills 500,00 + 200,00 paid; credit note 50,00 and wholesale 300,00 settled: payment 350,00.
    const paidOut: StatementEntry[] = [
      order(1, 500, true, [50]),
      order(2, 200, true),
      creditEntry('wholesale', {
        id: 9,
        amount: 300,
        date: '2026-05-14',
        description: 'Vases',
        settled: true,
      }),
      paymentEntry(1, { date: '2026-06-07', amount: 350, reference: 'EFT' }),
    ];
    const sums = sumsOfEntries(paidOut);
    expect(statementTotals(sums, currentBalanceCents(sums))).toEqual({
      currentBalance: 0,
      totalUnpaid: 0,
      totalOnPay: 350,
      totalDeductions: 350,
      totalPaid: 700,
    });
    // The balance at the month's end: bills 700 less deductions 350 less payments made by then (none) = 350.
    expect(balanceAtCents({ bills: 70_000, deductions: 35_000, payments: 0 })).toBe(35_000);
  });

  it('a month of only paid bills has nothing unpaid', () => {
    const sums = sumsOfEntries([order(1, 0.1, true), order(2, 0.2, true)]);
    expect(statementTotals(sums, currentBalanceCents(sums))).toEqual({
      currentBalance: 0,
      totalUnpaid: 0,
      totalOnPay: 0.3,
      totalDeductions: 0,
      totalPaid: 0.3,
    });
  });

  it('a month with deductions but no bills goes negative', () => {
    const sums = sumsOfEntries(MAY.filter((e) => e.type !== 'order'));
    expect(statementTotals(sums, 0).totalOnPay).toBe(-825.25);
    expect(statementTotals(sums, 0).totalUnpaid).toBe(-825.25);
  });

  it('an empty month is all zero', () => {
    expect(statementTotals(sumsOfEntries([]), 0)).toEqual({
      currentBalance: 0,
      totalUnpaid: 0,
      totalOnPay: 0,
      totalDeductions: 0,
      totalPaid: 0,
    });
  });

  it("an order that shows only for a later credit note counts the note, not the earlier month's bill", () => {
    const late = { ...order(4, 800, false, [120]), bill: null } as StatementEntry;
    expect(sumsOfEntries([late])).toEqual({ ...NO_SUMS, creditNotes: 12_000, unsettled: 12_000 });
    expect(entryAmount(late)).toBe(-120);
  });

  it('entries show as on screen: orders their bill less credit notes, the rest negative', () => {
    expect(MAY.map(entryAmount)).toEqual([450, 320.5, 900, -75.25, -450, -300, -450]);
  });

  it("the summary PDF's amount per entry type, worked by hand", () => {
    // orders 450 + 320,50 + 900 = 1 670,50; refund -75,25; payment -450; wholesale -300; in-store -450
    expect(amountsByType(MAY)).toEqual({
      order: 167_050,
      refund: -7_525,
      payment: -45_000,
      wholesale: -30_000,
      instore: -45_000,
    });
  });
});

describe('months', () => {
  it('bounds, names, the previous month and the latest twelve', () => {
    expect(monthBounds('2026-12')).toEqual({ first: '2026-12-01', next: '2027-01-01' });
    expect(monthBounds('2026-02')).toEqual({ first: '2026-02-01', next: '2026-03-01' });
    expect(monthName('2026-05')).toBe('May 2026');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
    expect(latestMonths('2026-03')).toEqual([
      '2026-03', '2026-02', '2026-01', '2025-12', '2025-11', '2025-10',
      '2025-09', '2025-08', '2025-07', '2025-06', '2025-05', '2025-04',
    ]); // prettier-ignore
  });

  it('a month is YYYY-MM exactly and not in the future; the sort is one of three', () => {
    const ok = statementRequest.safeParse({ month: '2025-01' });
    expect(ok.data).toEqual({ month: '2025-01', s: 'name', d: 'desc', partner_id: undefined });
    for (const month of ['2026-13', '26-1', '../x', '2026-1', '2026-00', '', '9999-01', ' 2026-01'])
      expect(statementRequest.safeParse({ month }).success, month).toBe(false);
    expect(statementRequest.safeParse({ month: '2025-01', s: 'amount' }).success).toBe(false);
    expect(statementRequest.safeParse({ month: '2025-01', s: 'payment', d: 'asc' }).success).toBe(true);
  });
});
