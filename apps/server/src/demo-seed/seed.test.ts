import { DEFAULT_REJECT_REASONS, deriveOrderStatus, LINE_STATUSES, RESPONSIBLE } from '@bloomline/contract';
import type { LineStatus } from '@bloomline/contract';
import { verify } from '@node-rs/argon2';
import { asc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../db/client';
import type { Database } from '../db/client';
import {
  bills,
  colours,
  orderHistory,
  orderLineRejectReasons,
  orderLines,
  orders,
  partners,
  productPictures,
  refunds,
  returns,
  roles,
  settings,
  users,
} from '../db/schema';
import { DEMO_USERS, isSeeded, seedDatabase } from './index';
import type { SeedSummary } from './index';
import { expectMoneyAsTheProductLeavesIt } from './seed-money.checks';
import { expectDemoMoneyInvariants } from '../test/money-invariants';

// A fixed moment (09:30 in Johannesburg) so the test never depends on the day it runs.
const NOW = new Date('2026-03-10T07:30:00Z');
const TODAY = '2026-03-10';
const ORDERS = 300;

let database: Database;
let summary: SeedSummary;

async function orderSnapshot(db: Database['db']) {
  return db
    .select({ name: orders.name, total: orders.totalValueCents, status: orders.status })
    .from(orders)
    .orderBy(asc(orders.id));
}

/** What the demo sign-ins rely on: work for today, every status this month and (optionally) older months. */
async function expectDemoFloristsShowcase(
  db: Database['db'],
  today: string,
  monthStart: Date,
  earlier: boolean,
) {
  for (const email of ['florist@example.com', 'florist2@example.com']) {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const rows = await db
      .select({ status: orderLines.status, deliveryDate: orders.deliveryDate, createdAt: orders.createdAt })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.partnerId, user!.partnerId!));
    expect(
      rows.some((r) => r.status === 'open' && r.deliveryDate === today),
      email,
    ).toBe(true);
    const thisMonth = new Set(rows.filter((r) => r.createdAt >= monthStart).map((r) => r.status));
    expect(thisMonth, email).toEqual(new Set(LINE_STATUSES.map((s) => s.name)));
    if (earlier)
      expect(
        rows.some((r) => r.createdAt < monthStart),
        email,
      ).toBe(true);
  }
}

/** Every order's status, flags and total agree with its lines, returns and refunds. */
async function expectConsistentOrders(db: Database['db']) {
  const lines = await db.select().from(orderLines);
  const all = await db.select().from(orders);
  const returnOrders = new Set((await db.select({ id: returns.orderId }).from(returns)).map((r) => r.id));
  const refundOrders = new Set((await db.select({ id: refunds.orderId }).from(refunds)).map((r) => r.id));
  const linesOf = new Map<number, typeof lines>();
  for (const l of lines) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), l]);
  for (const o of all) {
    const own = linesOf.get(o.id) ?? [];
    expect(own.length, o.name).toBeGreaterThan(0);
    expect(o.status, o.name).toBe(deriveOrderStatus(own.map((l) => ({ status: l.status as LineStatus }))));
    expect(o.hasUnassigned, o.name).toBe(own.some((l) => l.partnerId === null));
    expect(o.totalValueCents, o.name).toBe(
      own.reduce((s, l) => s + l.quantity * l.valueCents, 0) + o.deliveryFeeCents,
    );
    expect(o.hasReturn, o.name).toBe(returnOrders.has(o.id));
    expect(o.hasRefund, o.name).toBe(refundOrders.has(o.id));
    expect(o.name).toMatch(/^#BL\d{5,}$/);
    expect(o.createdAt.getTime(), o.name).toBeLessThanOrEqual(Date.now());
  }
  // Rejected lines keep their partner (for the history); lines without a partner are open or cancelled.
  expect(lines.filter((l) => l.status === 'rejected').every((l) => l.partnerId !== null)).toBe(true);
  expect(
    lines
      .filter((l) => l.partnerId === null)
      .every((l) => l.status === 'open' || l.status === 'cancel-confirmed'),
  ).toBe(true);
  await expectMoneyAsTheProductLeavesIt(db);
  await expectDemoMoneyInvariants(db);
  return { lines, all };
}

/** The rows of a SQL query (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T>(db: Database['db'], query: SQL): Promise<T[]> {
  // The driver-neutral result type does not say so: both drivers' results carry `rows`.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** One number from a SQL query, as `n`. */
async function sqlCount(db: Database['db'], query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(db, query);
  return Number(row!.n);
}

/**
 * DECISIONS.md "Demo data": whatever the day, the demo has something on every screen. Checked in SQL against
 * the seeded tables: unassigned lines to assign, deliveries today, orders in every status, and for each demo
 * florist an open return and an unprocessed refund this month and twelve months of statements.
 */
async function expectEveryScreenFilled(db: Database['db'], today: string, monthStart: Date) {
  const unassigned = await sqlCount(
    db,
    sql`select count(*) as n from order_lines l join orders o on o.id = l.order_id
        where l.partner_id is null and l.status = 'open' and o.delivery_date >= ${today}`,
  );
  expect(unassigned, 'open lines without a partner, for today or later').toBeGreaterThanOrEqual(2);
  expect(
    await sqlCount(db, sql`select count(*) as n from orders where delivery_date = ${today}`),
    'deliveries today',
  ).toBeGreaterThan(0);
  const statuses = await rowsOf<{ status: string }>(db, sql`select distinct status from orders`);
  expect(new Set(statuses.map((r) => r.status)), 'order statuses').toEqual(
    new Set(LINE_STATUSES.map((s) => s.name)),
  );
  // The twelve months of statements: this one and the eleven before, as YYYY-MM in Johannesburg.
  const months = Array.from({ length: 12 }, (_, m) => {
    const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - m);
    return d.toISOString().slice(0, 7);
  });
  const month = (column: SQL) => sql`to_char(${column} at time zone 'Africa/Johannesburg', 'YYYY-MM')`;
  for (const email of ['florist@example.com', 'florist2@example.com']) {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const partner = user!.partnerId!;
    const openReturns = await sqlCount(
      db,
      sql`select count(distinct r.id) as n from returns r
          join return_lines rl on rl.return_id = r.id join order_lines l on l.id = rl.order_line_id
          where l.partner_id = ${partner} and r.status = 'open' and r.created_at >= ${monthStart}`,
    );
    expect(openReturns, `${email}: an open return this month`).toBeGreaterThan(0);
    const pendingRefunds = await sqlCount(
      db,
      sql`select count(*) as n from refunds r join refund_partners rp on rp.refund_id = r.id
          where rp.partner_id = ${partner} and r.processed_at is null and r.created_at >= ${monthStart}`,
    );
    expect(pendingRefunds, `${email}: an unprocessed refund this month`).toBeGreaterThan(0);
    // Older processed ones of each responsible kind (DECISIONS.md "Demo data").
    const kinds = await rowsOf<{ claim: string; responsible: string }>(
      db,
      sql`select distinct 'return' as claim, r.responsible from returns r
            join return_lines rl on rl.return_id = r.id join order_lines l on l.id = rl.order_line_id
            where l.partner_id = ${partner} and r.status = 'processed' and r.created_at < ${monthStart}
          union
          select distinct 'refund', r.responsible from refunds r join refund_partners rp on rp.refund_id = r.id
            where rp.partner_id = ${partner} and r.processed_at is not null and r.created_at < ${monthStart}`,
    );
    expect(
      kinds.map((k) => `${k.claim} ${k.responsible}`).sort(),
      `${email}: processed returns and refunds of each responsible kind`,
    ).toEqual(['refund', 'return'].flatMap((claim) => RESPONSIBLE.map((r) => `${claim} ${r}`)).sort());
    const billMonths = await rowsOf<{ month: string; paid: boolean; unpaid: boolean }>(
      db,
      sql`select ${month(sql.raw('created_at'))} as month, bool_or(paid) as paid, bool_or(not paid) as unpaid
          from bills where partner_id = ${partner} group by 1`,
    );
    const billed = new Set(billMonths.map((r) => r.month));
    expect(
      months.filter((m) => !billed.has(m)),
      `${email}: months of the last twelve without bills`,
    ).toEqual([]);
    expect(
      billMonths.some((r) => r.paid),
      `${email}: paid bills`,
    ).toBe(true);
    expect(
      billMonths.some((r) => r.unpaid),
      `${email}: unpaid bills`,
    ).toBe(true);
    const refundMonths = await rowsOf<{ month: string }>(
      db,
      sql`select distinct ${month(sql.raw('r.created_at'))} as month from refunds r
          join refund_partners rp on rp.refund_id = r.id where rp.partner_id = ${partner}`,
    );
    expect(
      refundMonths.filter((r) => months.includes(r.month)).length,
      `${email}: months with refunds`,
    ).toBeGreaterThanOrEqual(11);
    expect(
      await sqlCount(db, sql`select count(*) as n from payments where partner_id = ${partner}`),
      `${email}: payments`,
    ).toBeGreaterThan(0);
    expect(
      await sqlCount(db, sql`select count(*) as n from credit_notes where partner_id = ${partner}`),
      `${email}: credit notes`,
    ).toBeGreaterThan(0);
  }
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  summary = await seedDatabase(database.db, { orders: ORDERS, today: NOW });
});

afterAll(async () => {
  await database.close();
});

describe('seedDatabase', () => {
  it('creates the requested number of orders and reports what it made', async () => {
    const db = database.db;
    expect(summary.orders).toBe(ORDERS);
    expect(await db.$count(orders)).toBe(ORDERS);
    expect(await db.$count(orderLines)).toBe(summary.lines);
    expect(summary.partners).toBeGreaterThanOrEqual(35);
    expect(await isSeeded(db)).toBe(true);
  });

  it('refuses to seed a seeded database unless told to reset', async () => {
    await expect(seedDatabase(database.db, { orders: 10, today: NOW })).rejects.toThrow(/--reset/);
  });

  it('signs in the three demo users with the right roles and partners', async () => {
    const db = database.db;
    const rows = await db
      .select({ user: users, roleSlug: roles.slug, roleName: roles.name, partner: partners })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(partners, eq(partners.id, users.partnerId));
    const byEmail = new Map(rows.map((r) => [r.user.email, r]));
    for (const demo of DEMO_USERS) {
      const row = byEmail.get(demo.email)!;
      expect(row, demo.email).toBeDefined();
      expect(row.user.enabled).toBe(true);
      expect(await verify(row.user.passwordHash, demo.password)).toBe(true);
    }
    const admin = byEmail.get('admin@example.com')!;
    expect([admin.roleSlug, admin.roleName, admin.user.roleId, admin.user.manageXero]).toEqual([
      'admin',
      'Admin',
      2,
      true,
    ]);
    const florist = byEmail.get('florist@example.com')!;
    const florist2 = byEmail.get('florist2@example.com')!;
    expect([florist.roleSlug, florist.user.roleId, florist.user.partnerStatements]).toEqual([
      'partner',
      1,
      true,
    ]);
    expect([florist2.roleSlug, florist2.user.roleId, florist2.user.partnerStatements]).toEqual([
      'partner',
      1,
      false,
    ]);
    expect(florist.partner?.partnerType).toBe('florist');
    expect(florist2.partner?.partnerType).toBe('florist');
    expect(florist.partner?.id).not.toBe(florist2.partner?.id);
    expect(florist.partner?.cityId).toBe(florist2.partner?.cityId);
  });

  it('stores the settings and the reject reasons', async () => {
    const db = database.db;
    const rows = await db.select().from(settings);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toMatchObject({
      vat: 0.15,
      'features.statements': true,
    });
    const reasons = await db
      .select()
      .from(orderLineRejectReasons)
      .orderBy(asc(orderLineRejectReasons.position));
    expect(reasons.map((r) => r.reason)).toEqual([...DEFAULT_REJECT_REASONS]);
  });

  it('uses every line status, and keeps every order consistent with its lines', async () => {
    const { lines, all } = await expectConsistentOrders(database.db);
    expect(new Set(lines.map((l) => l.status))).toEqual(new Set(LINE_STATUSES.map((s) => s.name)));
    expect(all.some((o) => o.hasUnassigned)).toBe(true);
  });

  it('writes a history for every order, with reasons on rejections', async () => {
    const db = database.db;
    const history = await db.select().from(orderHistory);
    expect(new Set(history.map((h) => h.orderId)).size).toBe(ORDERS);
    const rejections = history.filter((h) => h.status === 3);
    expect(rejections.length).toBeGreaterThan(0);
    expect(rejections.every((h) => h.reason)).toBe(true);
  });

  it('gives both demo florists open orders for delivery today and every status this month', async () => {
    // 1 March 00:00 in Johannesburg.
    await expectDemoFloristsShowcase(database.db, TODAY, new Date('2026-02-28T22:00:00Z'), true);
  });

  it('has something on every screen: lines to assign, deliveries today, every status, claims, statements', async () => {
    await expectEveryScreenFilled(database.db, TODAY, new Date('2026-02-28T22:00:00Z'));
  });

  it('draws a picture for every demo product, served as PNG', async () => {
    const missing = await sqlCount(
      database.db,
      sql`select count(*) as n from product_images i
          where not exists (select 1 from product_pictures p where '/images/products/' || p.name = i.url)`,
    );
    expect(missing).toBe(0);
    const [picture] = await database.db.select().from(productPictures).limit(1);
    expect(picture!.mime).toBe('image/png');
    expect(picture!.bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('bills partners for delivered work, paid for older months only', async () => {
    const db = database.db;
    const rows = await db.select().from(bills);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((b) => b.amountCents > 0)).toBe(true);
    expect(rows.some((b) => b.paid && b.paidAt !== null && b.paidAt <= TODAY)).toBe(true);
    expect(rows.some((b) => !b.paid && b.paidAt === null)).toBe(true);
  });

  it('leaves the id sequences past the seeded rows', async () => {
    const [row] = await database.db.insert(colours).values({ name: 'Test colour' }).returning();
    expect(row!.id).toBeGreaterThan(1);
    await database.db.delete(colours).where(eq(colours.id, row!.id));
  });

  it('is deterministic: a reset and the same order count and day give the same orders', async () => {
    const before = await orderSnapshot(database.db);
    const again = await seedDatabase(database.db, { orders: ORDERS, today: NOW, reset: true });
    expect(again.lines).toBe(summary.lines);
    expect(await orderSnapshot(database.db)).toEqual(before);
  });
});

describe('seedDatabase just after midnight on the first of a month', () => {
  // 00:20 on 1 April in Johannesburg: the month has twenty minutes in which to hold every status.
  const firstOfMonth = new Date('2026-03-31T22:20:00Z');
  let db2: Database;

  beforeAll(async () => {
    db2 = await openDatabase({ dataDir: 'memory' });
    await db2.migrate();
    await seedDatabase(db2.db, { orders: 150, today: firstOfMonth });
  });

  afterAll(async () => {
    await db2.close();
  });

  it('still keeps orders consistent and gives the demo florists a full month', async () => {
    await expectConsistentOrders(db2.db);
    await expectDemoFloristsShowcase(db2.db, '2026-04-01', new Date('2026-03-31T22:00:00Z'), true);
    const latest = await db2.db.select({ createdAt: orders.createdAt }).from(orders);
    expect(latest.every((o) => o.createdAt <= firstOfMonth)).toBe(true);
  });

  it('still has something on every screen', async () => {
    await expectEveryScreenFilled(db2.db, '2026-04-01', new Date('2026-03-31T22:00:00Z'));
  });
});

describe('seedDatabase with few orders, late on the last day of a year', () => {
  // 23:50 on 31 December in Johannesburg, and just enough orders for the showcase.
  const yearEnd = new Date('2025-12-31T21:50:00Z');
  let db3: Database;

  beforeAll(async () => {
    db3 = await openDatabase({ dataDir: 'memory' });
    await db3.migrate();
    await seedDatabase(db3.db, { orders: 130, today: yearEnd });
  });

  afterAll(async () => {
    await db3.close();
  });

  it('keeps orders consistent and has something on every screen', async () => {
    await expectConsistentOrders(db3.db);
    await expectEveryScreenFilled(db3.db, '2025-12-31', new Date('2025-11-30T22:00:00Z'));
  });
});
