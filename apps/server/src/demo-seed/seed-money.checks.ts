import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';

import { linesLeft } from '@bloomline/contract';

import type { Database } from '../db/client';
import { readSettings } from '../shared/settings.queries';

async function rowsOf<T>(db: Database['db'], query: SQL): Promise<T[]> {
  // Both drivers' results carry `rows`.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** What the demo's money looks like when the product's own workflow made it (issues 35 and 36). */
export async function expectMoneyAsTheProductLeavesIt(db: Database['db']) {
  // An open return or an unprocessed refund leaves its lines as they were: processing moves them (issues 35, 36).
  const stillOpen = await rowsOf<{ status: string; claim: string }>(
    db,
    sql`select l.status, 'return' as claim from returns r join return_lines rl on rl.return_id = r.id
          join order_lines l on l.id = rl.order_line_id where r.status = 'open'
        union all
        select l.status, 'refund' from refunds r join refund_lines fl on fl.refund_id = r.id
          join order_lines l on l.id = fl.order_line_id where r.responsible is null`,
  );
  expect(stillOpen.length).toBeGreaterThan(0);
  for (const { status, claim } of stillOpen)
    expect(status, `a line of an open ${claim}`).not.toBe(claim === 'return' ? 'return' : 'refund');
  // Every bill is the delivery step's: one per order and partner whose lines were all delivered.
  const strayBills = await rowsOf<{ n: number }>(
    db,
    sql`select count(*) as n from bills b where exists (select 1 from order_lines l
          where l.order_id = b.order_id and l.partner_id = b.partner_id
            and l.status not in ('delivered', 'return', 'refund', 'rejected', 'cancel-confirmed'))`,
  );
  expect(Number(strayBills[0]?.n)).toBe(0);
  // Every assigned line keeps the terms its bill was worked out with (issue 46): the seed's VAT and its
  // partner's commission and VAT registration, as the database's trigger wrote them on insert.
  const otherTerms = await rowsOf<{ n: number }>(
    db,
    sql`select count(*) as n from order_lines l join partners p on p.id = l.partner_id
          where l.pay_vat_rate is distinct from settings_vat() or l.pay_commission is distinct from p.commission
            or l.pay_vat_registered is distinct from (coalesce(btrim(p.vat_number), '') <> '')`,
  );
  expect(Number(otherTerms[0]?.n)).toBe(0);
  await expectClaimsWithinBounds(db);
}

/**
 * The bounds on every claim (issue 46): per order line and partner, credit notes and refund deductions never
 * add up to more than the line earned (the contract's `linesLeft`, the server's rule), per order and partner
 * never more than the bill, each credit note and refund deduction is its lines' parts, and no order is
 * refunded more than its value with delivery.
 */
async function expectClaimsWithinBounds(db: Database['db']) {
  const { vat } = await readSettings(db);
  const lines = await rowsOf<{
    id: number;
    orderId: number;
    partnerId: number | null;
    valueCents: number;
    quantity: number;
    status: string;
    commission: string | null;
    vatNumber: string | null;
    deductedCents: number;
  }>(
    db,
    sql`select l.id, l.order_id as "orderId", l.partner_id as "partnerId", l.value_cents as "valueCents",
          l.quantity, l.status, p.commission::text as commission, p.vat_number as "vatNumber",
          (coalesce((select sum(rl.credit_cents) from return_lines rl where rl.order_line_id = l.id), 0)
           + coalesce((select sum(fl.deduction_cents) from refund_lines fl where fl.order_line_id = l.id), 0))::int
            as "deductedCents"
        from order_lines l left join partners p on p.id = l.partner_id
        where l.order_id in (select r.order_id from returns r union select f.order_id from refunds f)
        order by l.id`,
  );
  const byOrder = new Map<number, typeof lines>();
  for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  let deducted = 0;
  for (const [orderId, own] of byOrder) {
    const rule = (partnerId: number) => {
      const l = own.find((x) => x.partnerId === partnerId);
      return l ? { commission: Number(l.commission), vatRegistered: (l.vatNumber ?? '') !== '' } : undefined;
    };
    const bounds = linesLeft(
      own.map((l) => ({
        ...l,
        earns: l.partnerId !== null && l.status !== 'rejected' && l.status !== 'cancel-confirmed',
      })),
      rule,
      vat,
    );
    own.forEach((l, i) => {
      if (l.deductedCents > 0) deducted += 1;
      expect(l.deductedCents, `order ${String(orderId)}, line ${String(l.id)}`).toBeLessThanOrEqual(
        bounds[i]!.earnedCents,
      );
    });
  }
  expect(deducted, 'lines with a credit note or a refund deduction').toBeGreaterThan(0);
  const aboveBill = await rowsOf<{ orderId: number; partnerId: number }>(
    db,
    sql`select b.order_id as "orderId", b.partner_id as "partnerId" from bills b
        where coalesce((select sum(c.amount_cents) from credit_notes c
                        where c.order_id = b.order_id and c.partner_id = b.partner_id and c.kind = 'order'), 0)
            + coalesce((select sum(rp.refund_deduction_cents) from refund_partners rp join refunds r on r.id = rp.refund_id
                        where r.order_id = b.order_id and rp.partner_id = b.partner_id), 0) > b.amount_cents`,
  );
  expect(aboveBill, 'order/partner pairs deducted more than their bill').toEqual([]);
  const unparted = await rowsOf<{ id: number }>(
    db,
    sql`select c.id from credit_notes c where c.return_id is not null and c.amount_cents <> (
          select coalesce(sum(rl.credit_cents), 0) from return_lines rl join order_lines l on l.id = rl.order_line_id
          where rl.return_id = c.return_id and l.partner_id = c.partner_id)
        union all
        select rp.id from refund_partners rp where rp.refund_deduction_cents <> (
          select coalesce(sum(fl.deduction_cents), 0) from refund_lines fl where fl.refund_partner_id = rp.id)`,
  );
  expect(unparted, 'credit notes and refund deductions that are not their lines’ parts').toEqual([]);
  const overRefunded = await rowsOf<{ id: number }>(
    db,
    sql`select o.id from orders o
        where (select coalesce(sum(r.amount_cents), 0) from refunds r where r.order_id = o.id) > o.total_value_cents`,
  );
  expect(overRefunded, 'orders refunded more than their value with delivery').toEqual([]);
}
