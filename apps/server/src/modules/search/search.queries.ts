import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { SearchType } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  customers,
  customerSearchText,
  locations,
  orderLines,
  orders,
  partners,
  products,
} from '../../db/schema';
import { containsPattern } from '../../lib/paged-list';
import type { Viewer } from '../../lib/viewer';

/** What one statement finds, before the service turns it into results with addresses. */
export type FoundRow = {
  type: Exclude<SearchType, 'screen'>;
  id: number;
  title: string;
  subtitle: string | null;
};

/** How many of each kind the box lists at most (with five screens, twenty in all). */
export const PER_TYPE = { order: 6, partner: 2, customer: 3, company: 2, product: 2 } as const;

/** `12345`, `BL12345`, `#bl 12345`: an order number, found by how it starts. */
const ORDER_NUMBER = /^#?\s*(?:bl)?\s*(\d+)$/i;

/** A prefix for `like` (the text_pattern_ops indexes serve it), wildcards in the text taken literally. */
const prefixPattern = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The viewer's orders that answer `q`, newest first, each the indexes serve at 1,000,000 orders: a number by
 * its start (`orders_name_lower_idx`, read in its own order), two letters by the start of the recipient's
 * surname (`orders_last_name_lower_idx`), three or more anywhere in the number, recipient, phone or company
 * (`orders_search_trgm_idx`) and, for staff, the buyer's e-mail (`orders_email_trgm_idx`).
 */
function orderPart(q: string, viewer: Viewer): SQL {
  const own =
    viewer.kind === 'partner'
      ? sql` and exists (select 1 from ${orderLines} l where l.order_id = o.id and l.partner_id = ${viewer.partnerId})`
      : sql``;
  const number = ORDER_NUMBER.exec(q);
  let where: SQL;
  let order: SQL;
  if (number) {
    where = sql`lower(o.name) like ${prefixPattern(`#bl${number[1]!}`)}`;
    order = sql`lower(o.name) using ~<~`;
  } else if (q.length < 3) {
    where = sql`lower(o.last_name) like ${prefixPattern(q)}`;
    order = sql`lower(o.last_name) using ~<~`;
  } else {
    const pattern = containsPattern(q);
    where =
      viewer.kind === 'staff'
        ? sql`(o.search like ${pattern} or lower(o.email) like ${pattern})`
        : sql`o.search like ${pattern}`;
    order = sql`o.created_at desc, o.id desc`;
  }
  return sql`(select 'order' as type, o.id, o.name as title,
      nullif(concat_ws(' · ', nullif(btrim(concat_ws(' ', o.first_name, o.last_name)), ''),
        'delivery ' || o.delivery_date::text), '') as subtitle, 1 as part
    from ${orders} o where ${where}${own} order by ${order} limit ${sql.raw(String(PER_TYPE.order))})`;
}

/** The marketplace's own records (staff only): partners, customers, companies and products containing `q`. */
function staffParts(q: string): SQL[] {
  const pattern = containsPattern(q);
  const limit = (n: number) => sql.raw(String(n));
  return [
    sql`(select 'partner' as type, p.id, p.name as title,
        concat_ws(' · ', initcap(p.partner_type::text), c.name) as subtitle, 2 as part
      from ${partners} p left join ${locations} c on c.id = p.city_id
      where lower(p.name) like ${pattern} order by lower(p.name), p.id limit ${limit(PER_TYPE.partner)})`,
    // Written on the table's own name: the trigram index is on this very expression.
    sql`(select 'customer' as type, ${customers.id}, ${customers.name} as title,
        nullif(concat_ws(' · ', ${customers.email}, ${customers.phone}), '') as subtitle, 3 as part
      from ${customers} where lower(${customerSearchText(customers)}) like ${pattern}
      order by lower(${customers.name}), ${customers.id} limit ${limit(PER_TYPE.customer)})`,
    sql`(select 'company' as type, co.id, co.name as title, null::text as subtitle, 4 as part
      from ${companies} co where lower(co.name) like ${pattern}
      order by lower(co.name), co.id limit ${limit(PER_TYPE.company)})`,
    sql`(select 'product' as type, pr.id, pr.title as title, pr.status as subtitle, 5 as part
      from ${products} pr where lower(pr.title) like ${pattern}
      order by lower(pr.title), pr.id limit ${limit(PER_TYPE.product)})`,
  ];
}

/** Every record the viewer may find for `q`, in one statement (one round trip), in the box's order. */
export async function findRecords(db: DbOrTx, viewer: Viewer, q: string): Promise<FoundRow[]> {
  const parts = [orderPart(q, viewer), ...(viewer.kind === 'staff' ? staffParts(q) : [])];
  // UNION ALL reads its parts in turn, each in its own order; the (stable) sort keeps that within a part.
  const rows = await rowsOf<FoundRow & { part: number }>(db, sql.join(parts, sql` union all `));
  return rows
    .sort((a, b) => a.part - b.part)
    .map(({ type, id, title, subtitle }) => ({ type, id: Number(id), title, subtitle }));
}
