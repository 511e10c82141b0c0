import { eq, sql } from 'drizzle-orm';

import { ROLE_IDS } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { insertMany } from '../../db/bulk';
import {
  bills,
  creditNotes,
  orderLines,
  orders,
  partners,
  refundPartners,
  refunds,
  users,
} from '../../db/schema';
import { payOut } from '../../shared/payouts';
import type { Fixtures } from '../../test/fixtures';

/**
 * Months worked by hand for partner A (Protea Petals), in rand (DECISIONS.md "Statements", issue 35):
 *
 * Payouts (the product's own `payOut`): up to 28 Feb, paid 7 Mar: #S4's bill 200,00 (no deductions yet) =
 * payment 200,00; up to 10 Mar, paid 12 Mar: #S1's bill 500,00 less the credit notes of 3 and 8 Mar (30 + 50)
 * = payment 420,00.
 *
 * March 2026
 *   #S1 delivered 5 Mar, bill 500,00 paid (12 Mar); complaint credit note 50,00 on 8 Mar (settled 12 Mar)
 *   #S2 delivered 20 Mar, bill 320,50 unpaid; refund RF1 processed 15 Mar, deduction 75,25
 *   #S3 delivered 31 Mar, bill 1 000,00 unpaid; its return processed 2 Apr: credit note 100,00 (April's)
 *   #S4 delivered 27 Feb (February's bill, 200,00 paid); credit note 30,00 on 3 Mar (shows in March, no bill;
 *     settled 12 Mar)
 *   EFT payments 200,00 on 7 Mar and 420,00 on 12 Mar (shown, never summed); wholesale 300,00 on 14 Mar;
 *   in-store order #S5 placed 15 Mar, 450,00 (delivered by partner B)
 *   refund RF2 on #S2 processed 1 Apr 00:30 Johannesburg (31 Mar 22:30 UTC), deduction 40,00: April's
 *   refund RF3 on #S2 processed 16 Mar with the customer responsible: nothing deducted, not shown
 *   paid bills 500,00; unpaid 1 320,50; deductions 50 + 30 + 75,25 + 300 + 450 = 905,25, of which 825,25 unsettled
 *   Total on pay 1 820,50 - 905,25 = 915,25; Total Unpaid 1 320,50 - 825,25 = 495,25; Total paid 500,00
 *   Balance at 31 Mar: bills 2 020,50 - deductions 905,25 - payments 620,00 = 495,25
 * April 2026: credit note 100,00 (#S3) and refund 40,00: deductions 140,00, on pay and unpaid -140,00;
 *   balance at 30 Apr 495,25 - 140,00 = 355,25
 * February 2026: bill 200,00 paid: on pay 200,00, paid 200,00, unpaid 0; balance at 28 Feb 200,00 (paid 7 Mar)
 * January 2026: nothing; balance 0
 * Current balance: unpaid 1 320,50 less the unsettled deductions (100 + 75,25 + 40 + 300 + 450 = 965,25)
 *   = 355,25 = all bills 2 020,50 - all deductions 1 045,25 - all payments 620,00
 * Partner B has a bill of 999,00 in March, which A never sees.
 */
export const CURRENT_BALANCE = 355.25;
export const MARCH = {
  month: '2026-03',
  totals: {
    currentBalance: 495.25,
    totalUnpaid: 495.25,
    totalOnPay: 915.25,
    totalDeductions: 905.25,
    totalPaid: 500,
  },
  entries: 9,
};
export const APRIL = {
  month: '2026-04',
  totals: { currentBalance: 355.25, totalUnpaid: -140, totalOnPay: -140, totalDeductions: 140, totalPaid: 0 },
};
export const FEBRUARY = {
  month: '2026-02',
  totals: { currentBalance: 200, totalUnpaid: 0, totalOnPay: 200, totalDeductions: 0, totalPaid: 200 },
};
export const EMPTY_JANUARY = {
  month: '2026-01',
  totals: { currentBalance: 0, totalUnpaid: 0, totalOnPay: 0, totalDeductions: 0, totalPaid: 0 },
};

const at = (text: string) => new Date(text);

export async function seedStatementMonths(db: Db, { partnerA, partnerB, staff }: Fixtures) {
  // Both partners joined in 2025, so 2026's months are theirs; A's address is printed on its PDFs.
  await db
    .update(partners)
    .set({ createdAt: at('2025-06-01T08:00:00+02:00'), address1: '12 Long Street', address2: 'Cape Town' })
    .where(eq(partners.id, partnerA.id));
  await db
    .update(partners)
    .set({ createdAt: at('2025-06-01T08:00:00+02:00') })
    .where(eq(partners.id, partnerB.id));
  const order = (name: string, deliveryDate: string, totalValueCents: number, placedBy?: number) => ({
    name,
    deliveryDate,
    totalValueCents,
    deliveryFeeCents: 9900,
    firstName: 'Thandi',
    lastName: `Nkosi ${name}`,
    placedByPartnerId: placedBy ?? null,
  });
  const made = await db
    .insert(orders)
    .values([
      order('#S1', '2026-03-05', 80000),
      order('#S2', '2026-03-20', 50000),
      order('#S3', '2026-03-31', 150000),
      order('#S4', '2026-02-27', 30000),
      { ...order('#S5', '2026-03-16', 45000, partnerA.id), createdAt: at('2026-03-15T09:00:00+02:00') },
    ])
    .returning();
  const [s1, s2, s3, s4, s5] = made.map((o) => o.id) as [number, number, number, number, number];
  await db.insert(orderLines).values([
    { orderId: s1, partnerId: partnerA.id, title: 'Roses', status: 'delivered', valueCents: 70100 },
    { orderId: s2, partnerId: partnerA.id, title: 'Lilies', status: 'refund', valueCents: 40100 },
    { orderId: s3, partnerId: partnerA.id, title: 'Proteas', status: 'return', valueCents: 140100 },
    { orderId: s4, partnerId: partnerA.id, title: 'Tulips', status: 'delivered', valueCents: 20100 },
    { orderId: s5, partnerId: partnerB.id, title: 'Orchid', status: 'delivered', valueCents: 35100 },
  ]);
  await db.insert(bills).values([
    // Each delivered on its delivery date: the statement day (issue 46: the day it was delivered).
    { orderId: s1, partnerId: partnerA.id, amountCents: 50000, statementDay: '2026-03-05' },
    { orderId: s2, partnerId: partnerA.id, amountCents: 32050, statementDay: '2026-03-20' },
    { orderId: s3, partnerId: partnerA.id, amountCents: 100000, statementDay: '2026-03-31' },
    { orderId: s4, partnerId: partnerA.id, amountCents: 20000, statementDay: '2026-02-27' },
    { orderId: s5, partnerId: partnerB.id, amountCents: 99900, statementDay: '2026-03-16' },
  ]);
  await db.insert(creditNotes).values([
    { partnerId: partnerA.id, orderId: s1, kind: 'order', amountCents: 5000, date: '2026-03-08', description: 'Late delivery' },
    { partnerId: partnerA.id, orderId: s3, kind: 'order', amountCents: 10000, date: '2026-04-02', description: 'Return #S3-R1' },
    { partnerId: partnerA.id, orderId: s4, kind: 'order', amountCents: 3000, date: '2026-03-03', description: 'Quality complaint' },
    { partnerId: partnerA.id, orderId: null, kind: 'wholesale', amountCents: 30000, date: '2026-03-14', description: 'Wholesale roses' },
    { partnerId: partnerA.id, orderId: s5, kind: 'instore', amountCents: 45000, date: '2026-03-15', description: 'In-store order #S5' },
  ]); // prettier-ignore
  const refund = async (name: string, processedAt: string, deduction: number, responsible: string) => {
    const [r] = await db
      .insert(refunds)
      .values({ name, orderId: s2, amountCents: 9000, onPayCents: deduction, onPayAmountCents: 9000, responsible, processedAt: at(processedAt), processedBy: staff.id })
      .returning(); // prettier-ignore
    await db.insert(refundPartners).values({
      refundId: r!.id,
      partnerId: partnerA.id,
      responsible,
      refundDeductionCents: deduction,
      processedBy: staff.id,
    });
  };
  await refund('#S2-RF1', '2026-03-15T10:00:00+02:00', 7525, 'Partner');
  await refund('#S2-RF2', '2026-04-01T00:30:00+02:00', 4000, 'Partner');
  await refund('#S2-RF3', '2026-03-16T10:00:00+02:00', 0, 'Customer');
  // The pay runs, through the product's own payout function, into an account on record (issue 46: payOut
  // pays only complete, confirmed bank details; details written here have no pending change).
  await db
    .update(partners)
    .set({ bankName: 'FNB', branchCode: '250655', accountName: 'Protea Petals', accountNumber: '62000000001', accountType: 'Cheque' })
    .where(eq(partners.id, partnerA.id)); // prettier-ignore
  await db.transaction(async (tx) => {
    const run = { partnerIds: [partnerA.id], userId: staff.id };
    await payOut(tx, { ...run, upTo: '2026-02-28', paidAt: '2026-03-07', reference: 'EFT BL202602-001' });
    await payOut(tx, { ...run, upTo: '2026-03-10', paidAt: '2026-03-12', reference: 'EFT BL202603-001' });
  });
  return { s1, s2, s3, s4, s5 };
}

/** A partner user of B allowed statements: "another partner" with the permission. */
export async function partnerBReader(db: Db, fixtures: Fixtures) {
  const [user] = await db
    .insert(users)
    .values({
      name: 'Fynn Reader',
      email: 'reader-b@example.com',
      passwordHash: (await db.select().from(users).where(eq(users.id, fixtures.userA.id)))[0]!.passwordHash,
      roleId: ROLE_IDS.partner,
      partnerId: fixtures.partnerB.id,
      partnerStatements: true,
    })
    .returning();
  return user!;
}

/** A busy month: `count` delivered orders of partner B, each with its bill, in `month`. */
export async function seedBusyMonth(db: Db, partnerId: number, month: string, count: number) {
  const [{ max } = { max: 0 }] = await db
    .select({ max: sql<number>`coalesce(max(id), 0)::int` })
    .from(orders);
  const rows = Array.from({ length: count }, (_, i) => ({
    id: max + 1 + i,
    name: `#B${String(100000 + i)}`,
    deliveryDate: `${month}-${String((i % 28) + 1).padStart(2, '0')}`,
    totalValueCents: 50000 + i,
    firstName: 'Busy',
    lastName: `Customer ${String(i)}`,
  }));
  await insertMany(db, orders, rows);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('orders', 'id'), ${max + count + 1}::int, false)`,
  );
  await insertMany(
    db,
    bills,
    rows.map((o, i) => ({ orderId: o.id, partnerId, amountCents: 30000 + i, statementDay: o.deliveryDate, paid: i % 3 === 0, paidAt: i % 3 === 0 ? `${month}-28` : null })),
  ); // prettier-ignore
  // As the seed does after loading: the planner's statistics for the new rows.
  await db.execute(sql`analyze`);
}
