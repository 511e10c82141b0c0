import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

import { DEFAULT_VAT, type AuditRecordType } from '@bloomline/contract';

import type { Db, DbOrTx } from '../db/client';
import * as schema from '../db/schema';
import { seedCatalogue } from './catalogue';
import type { Batch, World } from './context';
import { emptyBatch, Ids } from './context';
import { seedCustomers } from './customers';
import { addMinutes, makeClock } from './dates';
import { seedMonthlyFinance } from './finance';
import { insertMany, resetSequences } from '../db/bulk';
import { planOrders } from './order-plan';
import { drawDemoPictures } from './pictures';
import { isSeeded } from './seeded';
import { buildOrder } from './orders';
import type { Partner } from './partners';
import { makeApiKey } from '../shared/api-keys';
import { fillApproximatePositions, syncOrderNumbers } from '../shared/order-entry';
import { DEMO_FLORIST, DEMO_FLORIST_2, DEMO_KEY_NAME } from './demo-users';
import { seedBankDetails, seedPartners } from './partners';
import { seedPlaces } from './places';
import { seedPeople } from './users';

export { DEMO_KEY_FILE, DEMO_USERS } from './demo-users';
export { isSeeded } from './seeded';

export interface SeedOptions {
  /** How many orders to generate (the other tables scale with it only mildly). */
  orders: number;
  /** Empty every table first; required when the database already holds users. */
  reset?: boolean;
  /** The moment the data is relative to (default now): orders run up to it and deliveries a little past. */
  today?: Date;
  log?: (msg: string) => void;
}

export interface SeedSummary {
  /** The demo shop's API key, shown this once (DEMO_KEY_NAME). */
  demoKey: string;
  orders: number;
  lines: number;
  partners: number;
  users: number;
  ms: number;
}

const VAT = DEFAULT_VAT;
/** Orders generated and inserted together: bounded memory at any size. */
const CHUNK = 2000;

/**
 * Fills the database with the deterministic demo marketplace: the same `orders` and `today` always give
 * the same rows. Runs in one transaction, so a failure leaves the database as it was.
 */
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  if (!Number.isInteger(opts.orders) || opts.orders < 0) throw new Error('orders must be a whole number ≥ 0');
  if (!opts.reset && (await isSeeded(db))) {
    throw new Error(
      'The database already holds data (users exist). Pass --reset to empty it and seed again.',
    );
  }
  const clock = makeClock(opts.today ?? new Date());
  const result = await db.transaction(async (tx) => {
    // Also when not resetting: a database without users holds nothing worth keeping (defaults at most).
    await truncateAll(tx);
    log(`Seeding ${String(opts.orders)} orders relative to ${clock.today} (Africa/Johannesburg)…`);
    const places = await seedPlaces(tx, clock);
    const partners = await seedPartners(tx, clock, places);
    const people = await seedPeople(tx, clock, partners);
    await seedBankDetails(tx, partners, people);
    const catalogue = await seedCatalogue(tx, clock, VAT, partners);
    await drawDemoPictures(tx);
    const customers = await seedCustomers(tx, clock, places, partners, opts.orders);
    log(
      `Reference data: ${String(places.cities.length)} cities, ${String(partners.length)} partners, ${String(people.count)} users, ` +
        `${String(catalogue.productCount)} products, ${String(customers.customerCount)} customers`,
    );
    const world: World = {
      clock,
      vat: VAT,
      places,
      partners,
      partnerById: new Map(partners.map((p) => [p.id, p])),
      partnersByCity: byCity(partners),
      demoPartnerIds: [DEMO_FLORIST, DEMO_FLORIST_2].map((n) => partners.find((p) => p.name === n)!.id),
      people,
      catalogue,
      customers,
    };
    await insertMany(tx, schema.auditEntries, referenceAudit(world));

    const slots = planOrders(opts.orders, clock, world.demoPartnerIds);
    const ids = new Ids();
    let lines = 0;
    for (let start = 0; start < slots.length; start += CHUNK) {
      const batch = emptyBatch();
      const end = Math.min(slots.length, start + CHUNK);
      for (let i = start; i < end; i++) lines += buildOrder(world, slots[i]!, i, batch, ids);
      await insertBatch(tx, batch);
      if (end % 20_000 === 0 || end === slots.length)
        log(`  ${String(end)} / ${String(slots.length)} orders`);
    }
    const money = await seedMonthlyFinance(tx, world, ids);
    await resetSequences(tx, allTables());
    await syncOrderNumbers(tx);
    // An order without coordinates takes its suburb's position, as one entered through the door does (issue 46).
    await fillApproximatePositions(tx);
    // The key `npm run demo:new-order` sends its orders with, made as staff make one on System → API keys.
    const demoKey = await makeApiKey(tx, { name: DEMO_KEY_NAME }, world.people.adminId);
    log(
      `Finance: ${String(ids.bill.last)} bills, ${String(money.payments)} payments, ${String(ids.refund.last)} refunds, ${String(ids.return.last)} returns`,
    );
    return {
      demoKey: demoKey.key,
      orders: slots.length,
      lines,
      partners: partners.length,
      users: people.count,
    };
  });
  // Fresh tables have no statistics: without them the planner guesses, and the partner list ran ten times
  // slower right after a seed until autovacuum caught up (issue 12).
  log('Analyzing the tables for the query planner…');
  await db.execute(sql`analyze`);
  return { ...result, ms: Math.round(performance.now() - started) };
}

async function insertBatch(tx: DbOrTx, b: Batch): Promise<void> {
  await insertMany(tx, schema.orders, b.orders);
  await insertMany(tx, schema.orderLines, b.lines);
  await insertMany(tx, schema.orderHistory, b.history);
  await insertMany(tx, schema.auditEntries, b.audit);
  await insertMany(tx, schema.bills, b.bills);
  await insertMany(tx, schema.returns, b.returns);
  await insertMany(tx, schema.returnLines, b.returnLines);
  // After the returns: a return's credit note names the return that wrote it.
  await insertMany(tx, schema.creditNotes, b.creditNotes);
  await insertMany(tx, schema.refunds, b.refunds);
  await insertMany(tx, schema.refundPartners, b.refundPartners);
  await insertMany(tx, schema.refundLines, b.refundLines);
}

/** Every table of the schema: what a reset empties. */
function allTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
}

async function truncateAll(tx: DbOrTx): Promise<void> {
  const names = allTables().map((t) => `"${getTableName(t)}"`);
  await tx.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

function byCity(partners: readonly Partner[]): Map<number, Partner[]> {
  const map = new Map<number, Partner[]>();
  for (const p of partners) {
    if (!p.enabled) continue;
    map.set(p.cityId, [...(map.get(p.cityId) ?? []), p]);
  }
  return map;
}

/** A few entries for the set-up of the catalogue and partners, so the audit screen has more than orders. */
function referenceAudit(world: World): (typeof schema.auditEntries.$inferInsert)[] {
  const at = (days: number) => addMinutes(world.clock.now, -days * 24 * 60);
  const admin = world.people.adminId;
  const rows: (typeof schema.auditEntries.$inferInsert)[] = [];
  const add = (type: AuditRecordType, id: number, name: string, days: number, event = 'created') =>
    rows.push({
      userId: admin,
      event,
      message: `${type} ${name} ${event}`,
      propertyType: type,
      propertyId: id,
      newValues: { name },
      createdAt: at(days),
    });
  ['Web', 'AVBOB', 'In-store', 'Corporate', 'Wholesale'].forEach((n, i) =>
    add('profit centre', i + 1, n, 398),
  );
  ['Red rose', 'White rose', 'Pink rose', 'Yellow rose', 'Spray rose'].forEach((n, i) =>
    add('component', i + 1, n, 395 - i),
  );
  ['Classic Dozen Red Roses', 'Blush Pink Rose Bouquet', 'Sunshine Sunflowers'].forEach((n, i) =>
    add('product', i + 1, n, 380 - i * 7),
  );
  add('user', 2, 'Anele Jacobs', 379);
  add('user', 3, 'Marike Botha', 378);
  add('component', 1, 'Red rose', 30, 'updated');
  return rows;
}
