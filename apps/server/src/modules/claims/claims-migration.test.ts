import { readFileSync } from 'node:fs';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { creditNotes, refundLines, refundPartners, returnLines } from '../../db/schema';
import { createRefund, createReturn } from '../../test/claims-fixtures';
import { createHarness, type Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';

// Migration 0025 fills the lines' parts of credit notes and refund deductions made before it (issue 46): each
// spread over its lines by value (credit notes) or on pay (refund deductions), rounded down.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const fills = readFileSync(new URL('../../db/migrations/0025_claim-bounds.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .slice(2);

it('spreads existing credit notes and refund deductions over their lines', async () => {
  const db = h.database.db;
  const a = h.fixtures.partnerA.id;
  const o = await createOrder(db, [
    { partnerId: a, status: 'return', valueCents: 10000 },
    { partnerId: a, status: 'return', valueCents: 30000 },
  ]);
  const ret = await createReturn(db, o, [
    { orderLineId: o.lineIds[0]!, quantity: 1, reason: 'Damaged' },
    { orderLineId: o.lineIds[1]!, quantity: 1, reason: 'Damaged' },
  ]);
  await db.insert(creditNotes).values({
    partnerId: a,
    orderId: o.id,
    returnId: ret.id,
    kind: 'order',
    amountCents: 30001,
    date: '2026-11-01',
  });
  const refund = await createRefund(db, o, [
    { orderLineId: o.lineIds[0]!, partnerId: a, amountCents: 1000, onPayAmountCents: 750 },
    { orderLineId: o.lineIds[1]!, partnerId: a, amountCents: 2000, onPayAmountCents: 1500 },
  ]);
  await db
    .update(refundPartners)
    .set({ refundDeductionCents: 1000 })
    .where(eq(refundPartners.refundId, refund.id));
  for (const statement of fills) await db.execute(sql.raw(statement));
  // 30 001 over 100 : 300 → 7 500,25 → 7 500 and 22 500,75 → 22 500; 1 000 over 750 : 1 500 → 333 and 666.
  const credits = await db
    .select({ cents: returnLines.creditCents })
    .from(returnLines)
    .where(eq(returnLines.returnId, ret.id))
    .orderBy(returnLines.id);
  expect(credits.map((c) => c.cents)).toEqual([7500, 22500]);
  const parts = await db
    .select({ cents: refundLines.deductionCents })
    .from(refundLines)
    .where(eq(refundLines.refundId, refund.id))
    .orderBy(refundLines.id);
  expect(parts.map((p) => p.cents)).toEqual([333, 666]);
});
