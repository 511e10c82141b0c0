import { LINE_STATUSES, type LineStatus } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { insertMany } from '../../db/bulk';
import {
  componentRates,
  creditNotes,
  components,
  locations,
  orderLines,
  orders,
  partners,
  products,
  productVariants,
  profitCentres,
  variantComponentRates,
} from '../../db/schema';
import type { Fixtures } from '../../test/fixtures';

/**
 * A small marketplace for the reports' tests, seeded from a fixed pseudo-random sequence, kept in memory
 * as plain objects too: the tests compute each report from these objects by hand (not from SQL) and
 * compare with what the API answers.
 */

/** A small linear congruential generator: the same world on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export interface SeededLine {
  id: number;
  partnerId: number | null;
  status: LineStatus;
  quantity: number;
  valueCents: number;
  variantId: number | null;
  deliveredAt: Date | null;
}

export interface SeededOrder {
  id: number;
  name: string;
  createdAt: Date;
  /** The Johannesburg day it is delivered: 0 to 2 days after it was placed (the accounting report's period). */
  deliveryDate: string;
  profitCentreId: number | null;
  lines: SeededLine[];
}

export interface World {
  orders: SeededOrder[];
  partnerNames: Map<number, string>;
  centreNames: Map<number, string>;
  /** Each variant's recipe: component id, quantity and the rate's price. */
  recipes: Map<number, { componentId: number; quantity: number; priceCents: number; centreId: number }[]>;
  componentNames: Map<number, string>;
  cities: { capeTown: number; stellenbosch: number; johannesburg: number; nowhere: number };
}

/** The orders are created between 2026-01-01 and 2026-03-31 (UTC), some at 22:00–23:59 (the next day in Johannesburg). */
export async function seedWorld(db: Db, fixtures: Fixtures, orderCount = 80): Promise<World> {
  const next = random(20261125);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;

  const [retail, corporate] = await db
    .insert(profitCentres)
    .values([{ name: 'Retail' }, { name: 'Corporate' }])
    .returning();
  const [rose, vase, gyp] = await db
    .insert(components)
    .values([{ name: 'Red rose' }, { name: 'Glass vase' }, { name: '=Gyp' }])
    .returning();
  const [roseRetail, vaseRetail, roseCorporate, gypCorporate] = await db
    .insert(componentRates)
    .values([
      { componentId: rose!.id, profitCentreId: retail!.id, priceCents: 2675 },
      { componentId: vase!.id, profitCentreId: retail!.id, priceCents: 9843 },
      { componentId: rose!.id, profitCentreId: corporate!.id, priceCents: 2411 },
      { componentId: gyp!.id, profitCentreId: corporate!.id, priceCents: 999 },
    ])
    .returning();
  const [product] = await db
    .insert(products)
    .values({ title: 'Bouquet', handle: 'report-bouquet' })
    .returning();
  const [v1, v2, v3] = await db
    .insert(productVariants)
    .values([
      { productId: product!.id, title: 'Large' },
      { productId: product!.id, title: 'Corporate' },
      { productId: product!.id, title: 'No recipe' },
    ])
    .returning();
  const recipeRows = [
    { variantId: v1!.id, rate: roseRetail!, quantity: 3 },
    { variantId: v1!.id, rate: vaseRetail!, quantity: 1 },
    { variantId: v2!.id, rate: roseCorporate!, quantity: 2.5 },
    { variantId: v2!.id, rate: gypCorporate!, quantity: 4 },
  ];
  await db.insert(variantComponentRates).values(
    recipeRows.map((r) => ({
      variantId: r.variantId,
      componentRateId: r.rate.id,
      quantity: String(r.quantity),
    })),
  );
  const recipes: World['recipes'] = new Map();
  for (const r of recipeRows)
    recipes.set(r.variantId, [
      ...(recipes.get(r.variantId) ?? []),
      {
        componentId: r.rate.componentId,
        quantity: r.quantity,
        priceCents: r.rate.priceCents,
        centreId: r.rate.profitCentreId,
      },
    ]);

  // Partner C: enabled courier near Cape Town; D: a disabled florist in Johannesburg.
  const [courier, disabled] = await db
    .insert(partners)
    .values([
      { name: 'Cape Couriers', partnerType: 'courier', latitude: -33.95, longitude: 18.5, radiusKm: 40 },
      { name: 'Closed Blooms', enabled: false, latitude: -26.2, longitude: 28.04, radiusKm: 50 },
    ])
    .returning();
  const partnerIds = [fixtures.partnerA.id, fixtures.partnerB.id, courier!.id, null];
  const variantIds = [v1!.id, v2!.id, v3!.id, null];
  const centreIds = [retail!.id, corporate!.id, null];

  const seeded: SeededOrder[] = [];
  const day = 86_400_000;
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < orderCount; i += 1) {
    // Every fifth order late in the UTC evening: the next day in Johannesburg.
    const dayStart = start + Math.floor(next() * 90) * day;
    const createdAt = new Date(
      dayStart + (i % 5 === 0 ? 22.5 * 3_600_000 : Math.floor(next() * 20 * 3_600_000)),
    );
    const deliveryDate = johannesburgDay(new Date(createdAt.getTime() + (i % 3) * day));
    const [order] = await db
      .insert(orders)
      .values({
        name: `#RP${String(1000 + i)}`,
        createdAt,
        deliveryDate,
        profitCentreId: pick(centreIds),
        customerName: i === 3 ? '=HYPERLINK("http://x")' : `Customer ${String(i)}`,
        email: i === 4 ? '+27 82 000 0000' : `c${String(i)}@example.com`,
        deliveryFeeCents: 9900,
        isCollection: i % 7 === 0,
        fullyPaid: i % 2 === 0,
      })
      .returning();
    const lineCount = 1 + Math.floor(next() * 3);
    const specs = Array.from({ length: lineCount }, () => {
      const status = pick(LINE_STATUSES).name;
      const delivered = next() < 0.5;
      return {
        orderId: order!.id,
        partnerId: pick(partnerIds),
        status,
        title: 'Line',
        quantity: 1 + Math.floor(next() * 3),
        valueCents: 10_000 + Math.floor(next() * 90_000),
        productVariantId: pick(variantIds),
        partnerDelivers: next() < 0.7,
        deliveredAt: delivered ? new Date(createdAt.getTime() + Math.floor(next() * 10 * day)) : null,
      };
    });
    const lines = await db.insert(orderLines).values(specs).returning();
    // A credit note of partner A's on every sixth order: the accounting report's adjustment.
    if (i % 6 === 0)
      await insertMany(db, creditNotes, [
        {
          orderId: order!.id,
          partnerId: fixtures.partnerA.id,
          kind: 'order',
          amountCents: 5000,
          date: deliveryDate,
        },
      ]);
    seeded.push({
      id: order!.id,
      name: order!.name,
      createdAt,
      deliveryDate,
      profitCentreId: order!.profitCentreId,
      lines: lines.map((l) => ({
        id: l.id,
        partnerId: l.partnerId,
        status: l.status as LineStatus,
        quantity: l.quantity,
        valueCents: l.valueCents,
        variantId: l.productVariantId,
        deliveredAt: l.deliveredAt,
      })),
    });
  }

  const place = async (name: string, latitude: number | null, longitude: number | null) => {
    const [row] = await db
      .insert(locations)
      .values({ name, locationType: 'city', handle: `r-${name.toLowerCase()}`, latitude, longitude })
      .returning();
    return row!.id;
  };
  const cities = {
    capeTown: await place('Cape Town', -33.92, 18.42),
    stellenbosch: await place('Stellenbosch', -33.93, 18.86),
    johannesburg: await place('Johannesburg', -26.2, 28.04),
    nowhere: await place('Nowhere', null, null),
  };
  void disabled;

  return {
    orders: seeded,
    partnerNames: new Map([
      [fixtures.partnerA.id, fixtures.partnerA.name],
      [fixtures.partnerB.id, fixtures.partnerB.name],
      [courier!.id, courier!.name],
    ]),
    centreNames: new Map([
      [retail!.id, retail!.name],
      [corporate!.id, corporate!.name],
    ]),
    recipes,
    componentNames: new Map([
      [rose!.id, rose!.name],
      [vase!.id, vase!.name],
      [gyp!.id, gyp!.name],
    ]),
    cities,
  };
}

/** The Johannesburg day (YYYY-MM-DD) of an instant: two hours ahead of UTC all year. */
export const johannesburgDay = (at: Date) => new Date(at.getTime() + 7_200_000).toISOString().slice(0, 10);

/** The orders created within the range of Johannesburg days (both ends included, either open). */
export const ordersIn = (world: World, range: { startDate?: string; endDate?: string }) =>
  world.orders.filter((o) => {
    const d = johannesburgDay(o.createdAt);
    return (
      (range.startDate === undefined || d >= range.startDate) &&
      (range.endDate === undefined || d <= range.endDate)
    );
  });

/** The orders delivered within the range of Johannesburg days (the accounting report's period). */
export const ordersDeliveredIn = (world: World, range: { startDate?: string; endDate?: string }) =>
  world.orders.filter(
    (o) =>
      (range.startDate === undefined || o.deliveryDate >= range.startDate) &&
      (range.endDate === undefined || o.deliveryDate <= range.endDate),
  );
