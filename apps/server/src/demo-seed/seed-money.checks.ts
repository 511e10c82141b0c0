import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';

import type { Database } from '../db/client';

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
}
