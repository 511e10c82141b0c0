import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type AverageFulfillmentItem,
  type CollectionStatusItem,
  type ComponentSalesItem,
  type DateRange,
  type PartnerOrdersItem,
  type ProfitCentreRevenueItem,
  STATUS_BY_ID,
  toRand,
} from '@bloomline/contract';

import { orderLines, orders, partners } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import { johannesburgDay, ordersIn, seedWorld, type World } from './reporting.test-support';
import { NO_PROFIT_CENTRE } from './reporting.queries';

// Each report against a reference computed here, in JavaScript, from the rows the test seeded.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let world: World;

beforeAll(async () => {
  h = await createHarness();
  world = await seedWorld(h.database.db, h.fixtures);
  ({ staff, partnerA } = await h.signedIn('10.23.1'));
});
afterAll(() => h.close());

const RANGES: DateRange[] = [
  {},
  { startDate: '2026-02-01', endDate: '2026-02-28' },
  { startDate: '2026-03-15' },
  { endDate: '2026-01-10' },
  { startDate: '2026-01-05', endDate: '2026-01-05' },
];

const address = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const text = params.toString();
  return `/api/reporting/${path}${text ? `?${text}` : ''}`;
};

async function data<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T[]> {
  const res = await staff.get(address(path, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T[] }>().data;
}

const byFigure =
  <T>(figure: (r: T) => number, name: (r: T) => string) =>
  (a: T, b: T) =>
    figure(b) - figure(a) || name(a).localeCompare(name(b));

function linesOf(range: DateRange, statusId?: number) {
  return ordersIn(world, range).flatMap((order) =>
    order.lines
      .filter((l) => statusId === undefined || l.status === STATUS_BY_ID[statusId])
      .map((line) => ({ order, line })),
  );
}

function expectedPartnerOrders(range: DateRange, statusId?: number): PartnerOrdersItem[] {
  const per = new Map<number, { orders: Set<number>; items: number; cents: number }>();
  for (const { order, line } of linesOf(range, statusId)) {
    if (line.partnerId === null) continue;
    const p = per.get(line.partnerId) ?? { orders: new Set(), items: 0, cents: 0 };
    p.orders.add(order.id);
    p.items += 1;
    p.cents += line.quantity * line.valueCents;
    per.set(line.partnerId, p);
  }
  return [...per]
    .map(([id, p]) => ({
      partner: id,
      partnerName: world.partnerNames.get(id)!,
      orderCount: p.orders.size,
      orderItemCount: p.items,
      orderValue: toRand(p.cents),
    }))
    .sort(
      byFigure(
        (r) => r.orderCount,
        (r) => r.partnerName,
      ),
    );
}

function expectedRevenue(range: DateRange, statusId?: number): ProfitCentreRevenueItem[] {
  const per = new Map<string, number>();
  for (const { order, line } of linesOf(range, statusId)) {
    const recipe = line.variantId === null ? undefined : world.recipes.get(line.variantId);
    const centreId = recipe?.[0]?.centreId ?? order.profitCentreId;
    const name = centreId === null ? NO_PROFIT_CENTRE : world.centreNames.get(centreId)!;
    per.set(name, (per.get(name) ?? 0) + line.quantity * line.valueCents);
  }
  return [...per]
    .map(([profitCentre, cents]) => ({ profitCentre, revenue: toRand(cents) }))
    .sort(
      byFigure(
        (r) => r.revenue,
        (r) => r.profitCentre,
      ),
    );
}

function expectedFulfillment(range: DateRange): AverageFulfillmentItem[] {
  const per = new Map<number, number[]>();
  for (const { order, line } of linesOf(range)) {
    if (line.partnerId === null || line.deliveredAt === null) continue;
    const seconds = (line.deliveredAt.getTime() - order.createdAt.getTime()) / 1000;
    per.set(line.partnerId, [...(per.get(line.partnerId) ?? []), seconds]);
  }
  return [...per]
    .map(([id, all]) => ({
      partner: id,
      partnerName: world.partnerNames.get(id)!,
      average: Math.round(all.reduce((s, x) => s + x, 0) / all.length),
    }))
    .sort(
      byFigure(
        (r) => r.average,
        (r) => r.partnerName,
      ),
    );
}

function expectedComponents(range: DateRange): ComponentSalesItem[] {
  const per = new Map<number, { count: number; cents: number }>();
  for (const { line } of linesOf(range)) {
    for (const part of (line.variantId !== null && world.recipes.get(line.variantId)) || []) {
      const c = per.get(part.componentId) ?? { count: 0, cents: 0 };
      c.count += part.quantity * line.quantity;
      c.cents += part.quantity * line.quantity * part.priceCents;
      per.set(part.componentId, c);
    }
  }
  return [...per]
    .map(([id, c]) => ({
      id,
      name: world.componentNames.get(id)!,
      value: toRand(Math.round(c.cents)),
      count: c.count,
    }))
    .sort(
      byFigure(
        (r) => r.value,
        (r) => r.name,
      ),
    );
}

describe('the reports against a reference computed from the seeded rows', () => {
  it('seeds orders on both sides of every range', () => {
    expect(ordersIn(world, RANGES[1]!).length).toBeGreaterThan(5);
    expect(ordersIn(world, RANGES[4]!).length).toBeLessThan(world.orders.length);
  });

  it.each(RANGES)('partner orders for %o, of every status and of one', async (range) => {
    expect(await data('partner-orders', range)).toEqual(expectedPartnerOrders(range));
    for (const status of [1, 5])
      expect(await data('partner-orders', { ...range, status })).toEqual(
        expectedPartnerOrders(range, status),
      );
  });

  it.each(RANGES)('profit-centre revenue for %o', async (range) => {
    expect(await data('profit-centre-revenue', range)).toEqual(expectedRevenue(range));
    expect(await data('profit-centre-revenue', { ...range, status: 4 })).toEqual(expectedRevenue(range, 4));
  });

  it.each(RANGES)('average fulfilment time for %o', async (range) => {
    expect(await data('average-fulfillment-time', range)).toEqual(expectedFulfillment(range));
  });

  it.each(RANGES)('component sales for %o', async (range) => {
    expect(await data('component-sales', range)).toEqual(expectedComponents(range));
  });

  it('answers an empty list for a period without orders', async () => {
    for (const path of [
      'partner-orders',
      'partner-sales',
      'profit-centre-revenue',
      'average-fulfillment-time',
      'component-sales',
    ])
      expect(await data(path, { startDate: '2030-01-01' })).toEqual([]);
  });

  it('collection status: every city by name, reached by enabled partners within their radius', async () => {
    const all = await h.database.db.select().from(partners);
    const km = (aLat: number, aLng: number, bLat: number, bLng: number) => {
      const rad = (d: number) => (d * Math.PI) / 180;
      const x =
        Math.sin(rad(bLat - aLat) / 2) ** 2 +
        Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(rad(bLng - aLng) / 2) ** 2;
      return 6371 * 2 * Math.asin(Math.sqrt(x));
    };
    const city = (id: number, name: string, lat: number | null, lng: number | null): CollectionStatusItem => {
      const reach = all.filter(
        (p) =>
          p.enabled &&
          lat !== null &&
          lng !== null &&
          p.latitude !== null &&
          p.longitude !== null &&
          km(lat, lng, p.latitude, p.longitude) <= p.radiusKm,
      );
      return {
        id,
        name,
        local_delivery: reach.some((p) => p.partnerType === 'florist'),
        partners: reach.length,
      };
    };
    const { capeTown, stellenbosch, johannesburg, nowhere } = world.cities;
    const expected = [
      city(capeTown, 'Cape Town', -33.92, 18.42),
      city(johannesburg, 'Johannesburg', -26.2, 28.04),
      city(nowhere, 'Nowhere', null, null),
      city(stellenbosch, 'Stellenbosch', -33.93, 18.86),
    ];
    expect(await data('collection-status')).toEqual(expected);
    // The world is built so each case shows: florists, a courier only, a disabled florist only, no place.
    expect(expected.map((c) => [c.local_delivery, c.partners])).toEqual([
      [true, 3],
      [false, 0],
      [false, 0],
      [false, 1],
    ]);
  });
});

describe('the daily roll-up follows every write', () => {
  // Runs last among the figures: it changes the world, and the reference with it.
  it('answers as the rows are now after lines move, change, are delivered and deleted, and orders move', async () => {
    const every = async () => ({
      orders: await data('partner-orders'),
      ordersOne: await data('partner-orders', { status: 5 }),
      revenue: await data('profit-centre-revenue'),
      fulfilment: await data('average-fulfillment-time'),
      components: await data('component-sales', RANGES[1]),
    });
    const expected = () => ({
      orders: expectedPartnerOrders({}),
      ordersOne: expectedPartnerOrders({}, 5),
      revenue: expectedRevenue({}),
      fulfilment: expectedFulfillment({}),
      components: expectedComponents(RANGES[1]!),
    });
    expect(await every()).toEqual(expected());

    const db = h.database.db;
    const [a, b, c] = world.orders.filter((o) => o.lines.length > 0);
    // An order with a line whose revenue goes to the order's own profit centre (no recipe to say otherwise),
    // on a day no other write touches, so only its own change can bring that day up to date.
    const touched = new Set([a, b, c].map((o) => johannesburgDay(o!.createdAt)));
    const d = world.orders.find(
      (o) =>
        !touched.has(johannesburgDay(o.createdAt)) &&
        o.lines.some((l) => l.variantId === null || !world.recipes.get(l.variantId)?.length),
    );
    const partnerIds = [...world.partnerNames.keys()];
    // A line moves to another partner and status, with a new quantity and value, and is delivered.
    const moved = a!.lines[0]!;
    Object.assign(moved, {
      partnerId: partnerIds.find((id) => id !== moved.partnerId)!,
      status: STATUS_BY_ID[5]!,
      quantity: moved.quantity + 2,
      valueCents: moved.valueCents + 1_234,
      deliveredAt: new Date(a!.createdAt.getTime() + 3 * 3_600_000),
    });
    await db
      .update(orderLines)
      .set({
        partnerId: moved.partnerId,
        status: moved.status,
        quantity: moved.quantity,
        valueCents: moved.valueCents,
        deliveredAt: moved.deliveredAt,
      })
      .where(eq(orderLines.id, moved.id));
    // A line is deleted; an order goes with its lines; an order moves to another profit centre.
    const gone = b!.lines.pop()!;
    await db.delete(orderLines).where(eq(orderLines.id, gone.id));
    await db.delete(orders).where(eq(orders.id, c!.id));
    world.orders = world.orders.filter((o) => o.id !== c!.id);
    d!.profitCentreId = [...world.centreNames.keys()].find((id) => id !== d!.profitCentreId)!;
    await db.update(orders).set({ profitCentreId: d!.profitCentreId }).where(eq(orders.id, d!.id));

    expect(await every()).toEqual(expected());
  });
});

describe('the CSV of a report', () => {
  it("is the same rows under the screen's column names, named by the range", async () => {
    const range = { startDate: '2026-02-01', endDate: '2026-02-28' };
    const res = await staff.get(address('partner-orders', range), { accept: 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="partner-orders-2026-02-01-2026-02-28.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Partner,Orders,Order items,Order value');
    const expected = expectedPartnerOrders(range);
    expect(lines.slice(1)).toEqual(
      expected.map(
        (r) => `${r.partnerName},${String(r.orderCount)},${String(r.orderItemCount)},${String(r.orderValue)}`,
      ),
    );
  });

  it('names an open end `all` and keeps a formula-looking name inert', async () => {
    const res = await staff.get(address('component-sales', { endDate: '2026-03-31' }), {
      accept: 'text/csv',
    });
    expect(res.headers['content-disposition']).toContain('filename="component-sales-all-2026-03-31.csv"');
    expect(res.body).toContain("'=Gyp,");
    expect(res.body).not.toMatch(/(^|\n)=Gyp/);
    const header = res.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header).toBe('Component,Sales revenue,Count');
  });

  it('writes fulfilment times as words and seconds', async () => {
    const res = await staff.get(address('average-fulfillment-time', {}), { accept: 'text/csv' });
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Partner,Average,Average (seconds)');
    expect(res.body).toMatch(/\d+ (day|hour|month)s?/);
  });
});

describe('bad input and who may ask', () => {
  const PATHS = [
    'partner-orders',
    'partner-sales',
    'profit-centre-revenue',
    'average-fulfillment-time',
    'component-sales',
    'accounting-csv',
  ];

  it.each(PATHS)('%s: 422 for a malformed date or an end before the start', async (path) => {
    for (const [query, field] of [
      [{ startDate: '2026-13-01' }, 'startDate'],
      [{ endDate: 'yesterday' }, 'endDate'],
      [{ startDate: '2026-02-01', endDate: '2026-01-31' }, 'endDate'],
    ] as const) {
      const res = await staff.get(address(path, query));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual([field]);
    }
  });

  it.each(['partner-orders', 'partner-sales', 'profit-centre-revenue'])(
    '%s: 422 for an unknown status',
    async (path) => {
      for (const status of ['0', '11', 'open', '2.5']) {
        const res = await staff.get(address(path, { status }));
        expect(res.statusCode).toBe(422);
        expect(res.json<{ errors: Record<string, string[]> }>().errors.status).toEqual([
          'Choose a valid status.',
        ]);
      }
    },
  );

  it.each([...PATHS, 'collection-status'])('%s: 403 for a partner, 401 signed out', async (path) => {
    expect((await partnerA.get(address(path, {}))).statusCode).toBe(403);
    expect((await h.client('10.23.9.9').get(address(path, {}))).statusCode).toBe(401);
  });
});
