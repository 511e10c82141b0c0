import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import { monthBounds, NO_SUMS } from '@bloomline/contract';
import type { StatementSort, StatementSums } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import type { DbOrTx } from '../../db/client';

/**
 * A partner's month as SQL (DECISIONS.md "Statements"; docs/decisions.md "Issue 22"). One set of rows, the
 * `entries` CTE, serves the screen's list, the PDFs' pages and the month's sums, so they cannot disagree:
 * - order: the partner's bill of an order delivered in the month (no delivery date: the bill's own day), with
 *   the order's credit notes dated in the month; an order of an earlier month whose credit note (a return
 *   processed later) is dated in this month shows too, without its bill;
 * - refund: the partner's refund deduction, in the month the refund was processed (Johannesburg);
 * - payment: EFT payments received, by their date;
 * - wholesale and instore: those credit notes, by their date.
 * Orders are joined (`left join`, every id has its order) only for what the rows show: the month's sums use
 * none of their columns, so PostgreSQL leaves the join out of them.
 */

const ZONE = sql.raw(`'Africa/Johannesburg'`);

export type EntryRow = {
  type: 'order' | 'refund' | 'payment' | 'wholesale' | 'instore';
  row_id: number;
  date: string;
  order_id: number | null;
  order_name: string | null;
  first_name: string | null;
  last_name: string | null;
  delivery_date: string | null;
  total_value_cents: number | null;
  on_pay_cents: number | null;
  bill_id: number | null;
  bill_paid: boolean | null;
  bill_paid_at: string | null;
  /** Bill amount, refund deduction, payment or credit note amount (cents, positive). */
  amount_cents: number;
  /** An order entry's credit notes of the month (cents). */
  notes_cents: number;
  /** Of the entry's deductions, what no payout has settled yet (cents). */
  open_cents: number;
  notes:
    { id: number; amount_cents: number; date: string; description: string | null; settled: boolean }[] | null;
  lines: { id: number; title: string; quantity: number; status: string }[] | null;
  label: string | null;
};

/**
 * `order_rows` is one row per order: its bill of the month, its credit notes of the month, or both (each is
 * unique per order), so the planner sizes it like the bills rather than guessing at a join of two lists of
 * ids (which once made it hash the whole orders table for a page's details). No SQL comments in here: the
 * bench replays each statement on one line.
 */
/**
 * A closed month reads as it was closed (issue 46): a bill paid, or a deduction settled, by a payment made
 * after the month closed still shows unpaid or unsettled there (`closing`: when the month closed, if it has).
 * Every record dated in a month is dated when it is made, and nothing is dated into a closed month, so the
 * month's rows, and with this their states, never change once it is closed.
 */
const PAID_BY_CLOSE = (payment: SQL) =>
  sql`(${payment} is not null and (select at from closing) is not null
    and (select pm.created_at from payments pm where pm.id = ${payment}) > (select at from closing))`;

function entriesCte(partnerId: number, month: string): SQL {
  const { first, next } = monthBounds(month);
  return sql`with closing as (
      select min(closed_at) as at from closed_months where month >= ${month}
    ), bill_rows as (
      select b.id, b.order_id, b.amount_cents,
        b.paid and not ${PAID_BY_CLOSE(sql`b.payment_id`)} as paid,
        case when ${PAID_BY_CLOSE(sql`b.payment_id`)} then null else b.paid_at end as paid_at,
        b.statement_day as day
      from bills b
      where b.partner_id = ${partnerId} and b.statement_day >= ${first}::date and b.statement_day < ${next}::date
    ), note_rows as (
      select cn.id, cn.order_id, cn.kind, cn.amount_cents, cn.date, cn.description,
        case when ${PAID_BY_CLOSE(sql`cn.payment_id`)} then null else cn.payment_id end as payment_id
      from credit_notes cn
      where cn.partner_id = ${partnerId} and cn.date >= ${first}::date and cn.date < ${next}::date
        and (cn.kind <> 'order' or cn.order_id is not null)
    ), order_notes as (
      select order_id, sum(amount_cents)::int as cents, min(date) as first_day,
        coalesce(sum(amount_cents) filter (where payment_id is null), 0)::int as open_cents,
        json_agg(json_build_object('id', id, 'amount_cents', amount_cents, 'date', date::text,
          'description', description, 'settled', payment_id is not null) order by date, id) as notes
      from note_rows where kind = 'order' group by order_id
    ), order_rows as (
      select coalesce(br.order_id, ns.order_id) as order_id, br.id as bill_id, br.paid, br.paid_at, br.day,
        br.amount_cents, ns.cents as notes_cents, ns.open_cents, ns.first_day
      from bill_rows br full join order_notes ns on ns.order_id = br.order_id
    ), entries as (
      select 'order' as type, k.order_id as row_id, coalesce(k.day, k.first_day)::text as date,
        k.order_id as order_id, o.name as order_name, k.bill_id, k.paid as bill_paid,
        k.paid_at::text as bill_paid_at, coalesce(k.amount_cents, 0) as amount_cents,
        coalesce(k.notes_cents, 0) as notes_cents, coalesce(k.open_cents, 0) as open_cents, null::text as label
      from order_rows k left join orders o on o.id = k.order_id
      union all
      select 'refund', rp.id, (r.processed_at at time zone ${ZONE})::date::text, r.order_id, o.name, null, null, null,
        rp.refund_deduction_cents, 0,
        case when rp.payment_id is null or ${PAID_BY_CLOSE(sql`rp.payment_id`)} then rp.refund_deduction_cents else 0 end,
        r.name
      from refund_partners rp join refunds r on r.id = rp.refund_id left join orders o on o.id = r.order_id
      where rp.partner_id = ${partnerId} and rp.refund_deduction_cents > 0
        and r.processed_at >= ${`${first}T00:00:00+02:00`}::timestamptz
        and r.processed_at < ${`${next}T00:00:00+02:00`}::timestamptz
      union all
      select 'payment', p.id, p.paid_at::text, null, null, null, null, null, p.amount_cents, 0, 0, p.reference
      from payments p
      where p.partner_id = ${partnerId} and p.paid_at >= ${first}::date and p.paid_at < ${next}::date
      union all
      select n.kind, n.id, n.date::text, n.order_id, o.name, null, null, null, n.amount_cents, 0,
        case when n.payment_id is null then n.amount_cents else 0 end, n.description
      from note_rows n left join orders o on o.id = n.order_id
      where n.kind in ('instore', 'wholesale')
    )`;
}

/**
 * A line's status as it stood when the month ended (`next`: the first day after it), as SQL over `l`: a line
 * returned or refunded by a claim processed after the month reads as it was before that claim (issue 46: a
 * past statement never changes). A status no processed claim explains is shown as it is.
 */
function lineStatusAt(next: string): SQL {
  const end = sql`${`${next}T00:00:00+02:00`}::timestamptz`;
  const refunded = (
    when: SQL,
  ) => sql`exists (select 1 from refund_lines rl join refunds r on r.id = rl.refund_id
    where rl.order_line_id = l.id and r.processed_at ${when} ${end})`;
  const returned = (
    when: SQL,
  ) => sql`exists (select 1 from return_lines xl join returns x on x.id = xl.return_id
    where xl.order_line_id = l.id and x.processed_at ${when} ${end})`;
  const before = sql.raw('<');
  const after = sql.raw('>=');
  return sql`case
    when l.status = 'refund' and ${refunded(after)} and not ${refunded(before)}
      then case when ${returned(before)} then 'return' else 'delivered' end
    when l.status = 'return' and ${returned(after)} and not ${returned(before)} then 'delivered'
    else l.status end`;
}

/** The entry's amount as shown (signed): what "Payment amount" sorts by. */
const SHOWN_AMOUNT = sql.raw(
  `case when type = 'order' then amount_cents - notes_cents else -amount_cents end`,
);
const SORT_COLUMNS: Record<StatementSort, SQL> = {
  date: sql.raw('date'),
  // Byte order ("C"), the same on every server whatever its locale; entries without an order come last.
  name: sql.raw(`order_name is null, order_name collate "C"`),
  payment: SHOWN_AMOUNT,
};

/**
 * One page of a month's entries in the statement's order (ties by type and id in the same direction, so
 * pages never overlap and one direction is the other reversed).
 * `limit` null reads the whole month (the screen's list).
 */
export async function statementEntryPage(
  db: DbOrTx,
  partnerId: number,
  month: string,
  order: { s: StatementSort; d: 'asc' | 'desc' },
  page: { limit: number; offset: number } | null,
): Promise<EntryRow[]> {
  const direction = sql.raw(order.d === 'asc' ? 'asc' : 'desc');
  const window = page ? sql.raw(` limit ${String(page.limit)} offset ${String(page.offset)}`) : sql.raw('');
  const sort = sql`${SORT_COLUMNS[order.s]} ${direction}, type ${direction}, row_id ${direction}`;
  // The order's details (recipient, lines, credit notes, on pay) only for the rows of the page, after the sort;
  // its credit notes come with the month's per order (one hash join, not a scan of the month's per row).
  return rowsOf<EntryRow>(
    db,
    sql`${entriesCte(partnerId, month)}, page as (select * from entries order by ${sort}${window})
      select page.*, o.first_name, o.last_name, o.delivery_date::text as delivery_date, o.total_value_cents,
        case when page.type = 'order' then coalesce(case when page.bill_id is not null then page.amount_cents end,
          (select ob.amount_cents from bills ob where ob.order_id = o.id and ob.partner_id = ${partnerId})) end as on_pay_cents,
        case when page.type = 'order' then ns.notes end as notes,
        case when page.type = 'order' then (select json_agg(json_build_object('id', l.id, 'title', l.title,
            'quantity', l.quantity, 'status', ${lineStatusAt(monthBounds(month).next)}) order by l.id)
          from order_lines l where l.order_id = o.id and l.partner_id = ${partnerId}) end as lines
      from page
        left join orders o on o.id = page.order_id and page.type = 'order'
        left join order_notes ns on ns.order_id = page.order_id and page.type = 'order'
      order by ${sort}`,
  );
}

type SumsRow = Record<keyof StatementSums, number>;
export type EntryCountsRow = Record<EntryRow['type'], number>;

/** A month's sums by category and its entry counts by type, from the same rows as the list. */
export async function monthSums(
  db: DbOrTx,
  partnerId: number,
  month: string,
): Promise<{ sums: StatementSums; counts: EntryCountsRow; amounts: EntryCountsRow }> {
  const [row] = await rowsOf<SumsRow & { [K in keyof EntryCountsRow as `n_${K}` | `a_${K}`]: number }>(
    db,
    sql`${entriesCte(partnerId, month)}
      select
        coalesce(sum(amount_cents) filter (where type = 'order' and bill_id is not null and bill_paid), 0)::float8 as "paidBills",
        coalesce(sum(amount_cents) filter (where type = 'order' and bill_id is not null and not bill_paid), 0)::float8 as "unpaidBills",
        coalesce(sum(notes_cents) filter (where type = 'order'), 0)::float8 as "creditNotes",
        coalesce(sum(amount_cents) filter (where type = 'instore'), 0)::float8 as "instore",
        coalesce(sum(amount_cents) filter (where type = 'wholesale'), 0)::float8 as "wholesale",
        coalesce(sum(amount_cents) filter (where type = 'refund'), 0)::float8 as "refunds",
        coalesce(sum(open_cents), 0)::float8 as "unsettled",
        count(*) filter (where type = 'order')::int as n_order,
        count(*) filter (where type = 'refund')::int as n_refund,
        count(*) filter (where type = 'payment')::int as n_payment,
        count(*) filter (where type = 'wholesale')::int as n_wholesale,
        count(*) filter (where type = 'instore')::int as n_instore,
        coalesce(sum(amount_cents - notes_cents) filter (where type = 'order'), 0)::float8 as a_order,
        (-coalesce(sum(amount_cents) filter (where type = 'refund'), 0))::float8 as a_refund,
        (-coalesce(sum(amount_cents) filter (where type = 'payment'), 0))::float8 as a_payment,
        (-coalesce(sum(amount_cents) filter (where type = 'wholesale'), 0))::float8 as a_wholesale,
        (-coalesce(sum(amount_cents) filter (where type = 'instore'), 0))::float8 as a_instore
      from entries`,
  );
  const r = row!;
  return {
    sums: {
      paidBills: r.paidBills,
      unpaidBills: r.unpaidBills,
      creditNotes: r.creditNotes,
      instore: r.instore,
      wholesale: r.wholesale,
      refunds: r.refunds,
      unsettled: r.unsettled,
    },
    counts: {
      order: r.n_order,
      refund: r.n_refund,
      payment: r.n_payment,
      wholesale: r.n_wholesale,
      instore: r.n_instore,
    },
    amounts: {
      order: r.a_order,
      refund: r.a_refund,
      payment: r.a_payment,
      wholesale: r.a_wholesale,
      instore: r.a_instore,
    },
  };
}

/**
 * The partner's current balance (cents): every unpaid bill less every deduction no payout has settled, from the
 * partial indexes of unpaid and unsettled rows (DECISIONS.md "Statements").
 */
export async function currentBalanceSums(db: DbOrTx, partnerId: number): Promise<StatementSums> {
  const [row] = await rowsOf<{ unpaid: number; unsettled: number }>(
    db,
    sql`select
      (select coalesce(sum(amount_cents), 0) from bills where partner_id = ${partnerId} and not paid)::float8 as unpaid,
      ((select coalesce(sum(amount_cents), 0) from credit_notes
          where partner_id = ${partnerId} and payment_id is null and (kind <> 'order' or order_id is not null))
        + (select coalesce(sum(rp.refund_deduction_cents), 0) from refund_partners rp
          where rp.partner_id = ${partnerId} and rp.payment_id is null and rp.refund_deduction_cents > 0))::float8
        as unsettled`,
  );
  return { ...NO_SUMS, unpaidBills: row?.unpaid ?? 0, unsettled: row?.unsettled ?? 0 };
}

/**
 * What the balance was made of at the end of the day before `next` (cents): the bills of statement days before
 * it, the deductions processed before it, the payments made before it.
 */
export async function balanceBefore(db: DbOrTx, partnerId: number, next: string) {
  const [row] = await rowsOf<{ bills: number; deductions: number; payments: number }>(
    db,
    sql`select
      (select coalesce(sum(amount_cents), 0) from bills
        where partner_id = ${partnerId} and statement_day < ${next}::date)::float8 as bills,
      ((select coalesce(sum(amount_cents), 0) from credit_notes
          where partner_id = ${partnerId} and date < ${next}::date and (kind <> 'order' or order_id is not null))
        + (select coalesce(sum(rp.refund_deduction_cents), 0) from refund_partners rp join refunds r on r.id = rp.refund_id
          where rp.partner_id = ${partnerId} and rp.refund_deduction_cents > 0
            and r.processed_at < ${`${next}T00:00:00+02:00`}::timestamptz))::float8 as deductions,
      (select coalesce(sum(amount_cents), 0) from payments
        where partner_id = ${partnerId} and paid_at < ${next}::date)::float8 as payments`,
  );
  return row ?? { bills: 0, deductions: 0, payments: 0 };
}

export type StatementPartner = {
  id: number;
  name: string;
  address: string[];
};

export async function statementPartner(db: DbOrTx, partnerId: number): Promise<StatementPartner | null> {
  const [row] = await rowsOf<{
    id: number;
    name: string;
    address1: string | null;
    address2: string | null;
    address3: string | null;
    postal_code: string | null;
  }>(
    db,
    sql`select id, name, address1, address2, address3, postal_code from partners where id = ${partnerId}`,
  );
  if (!row) return null;
  const address = [row.address1, row.address2, row.address3, row.postal_code].filter(
    (part): part is string => !!part && part.trim() !== '',
  );
  return { id: row.id, name: row.name, address };
}

/** Orders received (bills by their month, as a statement counts them) and in-store orders placed, by month. */
export async function monthCounts(db: DbOrTx, partnerId: number, months: readonly string[]) {
  const first = monthBounds(months[months.length - 1] ?? '').first;
  const next = monthBounds(months[0] ?? '').next;
  return rowsOf<{ month: string; received: number; sent: number }>(
    db,
    sql`select month, sum(received)::int as received, sum(sent)::int as sent from (
        select to_char(b.statement_day, 'YYYY-MM') as month, 1 as received, 0 as sent
        from bills b
        where b.partner_id = ${partnerId} and b.statement_day >= ${first}::date and b.statement_day < ${next}::date
        union all
        select to_char(o.created_at at time zone ${ZONE}, 'YYYY-MM'), 0, 1 from orders o
        where o.placed_by_partner_id = ${partnerId}
          and o.created_at >= ${`${first}T00:00:00+02:00`}::timestamptz
          and o.created_at < ${`${next}T00:00:00+02:00`}::timestamptz
      ) counted group by month`,
  );
}
