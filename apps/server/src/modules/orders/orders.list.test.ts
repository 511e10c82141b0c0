import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DashboardCounts, OrderFilter, OrderSummary, PageMeta } from '@bloomline/contract';
import {
  deriveOrderStatus,
  isUnassigned,
  LINE_STATUSES,
  ORDER_FILTERS,
  todayInJohannesburg,
} from '@bloomline/contract';

import { refundLines, refunds, returnLines, returns } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';
import type { LineSpec } from '../../test/orders-fixtures';

// Lists and dashboard counts compared with a reference computed here from what was inserted.

interface Made {
  id: number;
  name: string;
  createdAt: Date;
  deliveryDate: string;
  lastName: string;
  company: string | null;
  lines: LineSpec[];
  hasReturn: boolean;
  hasRefund: boolean;
}

let h: Harness;
let clients: Record<'staff' | 'a' | 'b', TestClient>;
const made: Made[] = [];
const today = todayInJohannesburg();
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const SURNAMES = ['Nkosi', 'van der Merwe', 'Naidoo', 'Botha', 'Dlamini', 'Pillay', 'Mokoena', 'Smith'];

beforeAll(async () => {
  h = await createHarness();
  const signedIn = await h.signedIn('10.2.0');
  clients = { staff: signedIn.staff, a: signedIn.partnerA, b: signedIn.partnerB };
  const { partnerA, partnerB } = h.fixtures;
  const statuses = LINE_STATUSES.map((s) => s.name);
  for (let i = 0; i < 48; i++) {
    const status = statuses[i % statuses.length]!;
    const owner = [partnerA.id, partnerB.id, null][i % 3]!;
    const lines: LineSpec[] = [
      { partnerId: owner === null && status !== 'open' ? partnerA.id : owner, status },
    ];
    if (i % 4 === 0) lines.push({ partnerId: partnerB.id, status: statuses[(i + 3) % statuses.length]! });
    const createdAt = new Date(Date.UTC(2026, 5, 1) + i * 3_600_000 * 7);
    const deliveryDate = addDays(today, (i % 7) - 3);
    const lastName = SURNAMES[i % SURNAMES.length]!;
    const company = i % 5 === 0 ? 'AVBOB Gqeberha' : null;
    const o = await createOrder(h.database.db, lines, {
      createdAt,
      deliveryDate,
      lastName,
      company,
      hasReturn: i % 6 === 0,
      hasRefund: i % 9 === 0,
    });
    // The return and the refund are real rows on the first line: a partner sees them only on their own lines.
    const db = h.database.db;
    if (i % 6 === 0) {
      const [r] = await db
        .insert(returns)
        .values({ name: `R${o.name}`, orderId: o.id })
        .returning();
      await db.insert(returnLines).values({ returnId: r!.id, orderLineId: o.lineIds[0]!, reason: 'Wilted' });
    }
    if (i % 9 === 0) {
      const [r] = await db
        .insert(refunds)
        .values({ name: `F${o.name}`, orderId: o.id })
        .returning();
      await db.insert(refundLines).values({ refundId: r!.id, orderLineId: o.lineIds[0]! });
    }
    made.push({
      id: o.id,
      name: o.name,
      createdAt,
      deliveryDate,
      lastName,
      company,
      lines,
      hasReturn: i % 6 === 0,
      hasRefund: i % 9 === 0,
    });
  }
});
afterAll(async () => h.close());

type Who = 'staff' | 'a' | 'b';
const partnerOf = (who: Who) =>
  who === 'a' ? h.fixtures.partnerA.id : who === 'b' ? h.fixtures.partnerB.id : null;

function reference(who: Who, filter: OrderFilter | undefined): Made[] {
  const partner = partnerOf(who);
  return made.filter((o) => {
    const mine = partner === null ? o.lines : o.lines.filter((l) => l.partnerId === partner);
    if (partner !== null && mine.length === 0) return false;
    switch (filter) {
      case undefined:
        return true;
      case 'today':
        return o.deliveryDate === today;
      case 'unassigned':
        return partner === null && o.lines.some((l) => isUnassigned(l));
      case 'returns':
        return o.hasReturn && (partner === null || o.lines[0]!.partnerId === partner);
      case 'refunds':
        return o.hasRefund && (partner === null || o.lines[0]!.partnerId === partner);
      default:
        // Staff: the order's own status; a partner: the status derived from their own lines (DECISIONS.md).
        return deriveOrderStatus(mine) === filter;
    }
  });
}

async function list(who: Who, query: string) {
  const res = await clients[who].get(`/api/orders?per_page=100&${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: OrderSummary[]; meta: PageMeta }>();
}

const byCreatedDesc = (a: Made, b: Made) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

describe('GET /api/orders filters, per viewer', () => {
  for (const who of ['staff', 'a', 'b'] as const) {
    for (const filter of [undefined, ...ORDER_FILTERS]) {
      it(`${who} · filter ${filter ?? '(none)'}`, async () => {
        const body = await list(who, filter ? `filter=${filter}` : '');
        const expected = reference(who, filter).sort(byCreatedDesc);
        expect(body.data.map((o) => o.name)).toEqual(expected.map((o) => o.name));
        expect(body.meta.total).toBe(expected.length);
        const partner = partnerOf(who);
        if (partner !== null) {
          for (const o of body.data) {
            expect(o.lines.every((l) => l.partner?.id === partner)).toBe(true);
            expect(o.status).toBe(deriveOrderStatus(o.lines.map((l) => ({ status: l.status }))));
          }
        }
      });
    }
  }
});

// Issue 36, point 3: the Filter dialog of every list narrows it to orders with a line (the viewer's own, for a
// partner) in one status, whatever the list's own filter.
describe('GET /api/orders?status: a line status, beside the list’s filter', () => {
  const withLine = (who: Who, o: Made, status: string) =>
    o.lines.some((l) => l.status === status && (partnerOf(who) === null || l.partnerId === partnerOf(who)));
  for (const who of ['staff', 'a'] as const) {
    for (const filter of [undefined, 'open', 'accepted', 'unassigned', 'today'] as const) {
      it(`${who} · filter ${filter ?? '(none)'} · every line status`, async () => {
        for (const status of ['open', 'accepted', 'fulfilled', 'delivered', 'rejected']) {
          const body = await list(who, `status=${status}${filter ? `&filter=${filter}` : ''}`);
          const expected = reference(who, filter)
            .filter((o) => withLine(who, o, status))
            .sort(byCreatedDesc);
          expect([status, body.data.map((o) => o.name)]).toEqual([status, expected.map((o) => o.name)]);
          expect(body.meta.total).toBe(expected.length);
          expect(body.meta.links.every((l) => !l.url || l.url.includes(`status=${status}`))).toBe(true);
        }
      });
    }
  }

  it('refuses a status that is not a line status', async () => {
    const res = await clients.staff.get('/api/orders?status=unassigned');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.status).toEqual([
      'Choose a valid status.',
    ]);
  });
});

describe('search, sort, dates, partner filter and paging', () => {
  it('searches order number, surname and company case-insensitively', async () => {
    const target = made[7]!;
    expect(
      (await list('staff', `q=${encodeURIComponent(target.name.toLowerCase())}`)).data.map((o) => o.name),
    ).toEqual([target.name]);
    const naidoo = await list('staff', 'q=NAIDOO');
    expect(naidoo.data.map((o) => o.id).sort()).toEqual(
      made
        .filter((o) => o.lastName === 'Naidoo')
        .map((o) => o.id)
        .sort(),
    );
    const avbob = await list('staff', 'q=avbob');
    expect(avbob.meta.total).toBe(made.filter((o) => o.company).length);
    expect((await list('staff', 'q=%25')).meta.total).toBe(0);
  });

  it('sorts by order number and created date in both directions', async () => {
    const asc = await list('staff', 's=name&d=asc');
    expect(asc.data.map((o) => o.name)).toEqual([...made].map((o) => o.name).sort());
    const desc = await list('staff', 's=created_at&d=asc');
    expect(desc.data.map((o) => o.id)).toEqual(
      [...made]
        .sort(byCreatedDesc)
        .reverse()
        .map((o) => o.id),
    );
  });

  it('filters the delivery date range inclusively', async () => {
    const sd = addDays(today, -1);
    const ed = addDays(today, 1);
    const body = await list('staff', `sd=${sd}&ed=${ed}`);
    expect(body.meta.total).toBe(made.filter((o) => o.deliveryDate >= sd && o.deliveryDate <= ed).length);
  });

  it('lets staff narrow to one partner; a partner cannot widen their view with p', async () => {
    const b = h.fixtures.partnerB.id;
    const staffB = await list('staff', `p=${String(b)}`);
    expect(staffB.meta.total).toBe(made.filter((o) => o.lines.some((l) => l.partnerId === b)).length);
    const aTriesB = await list('a', `p=${String(b)}`);
    expect(aTriesB.meta.total).toBe(reference('a', undefined).length);
  });

  it('pages like Laravel: 15 a page, a page past the end is empty with correct meta', async () => {
    const first = await clients.staff.get('/api/orders');
    const body = first.json<{ data: OrderSummary[]; meta: PageMeta }>();
    expect(body.data).toHaveLength(15);
    expect(body.meta).toMatchObject({
      current_page: 1,
      from: 1,
      to: 15,
      per_page: 15,
      total: made.length,
      last_page: Math.ceil(made.length / 15),
    });
    expect(body.meta.links[0]).toEqual({ url: null, label: '&laquo; Previous', active: false });
    expect(body.meta.links.at(-1)?.label).toBe('Next &raquo;');
    const past = (await clients.staff.get('/api/orders?page=99')).json<{
      data: OrderSummary[];
      meta: PageMeta;
    }>();
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ current_page: 99, from: null, to: null, total: made.length });
  });

  it('refuses a malformed value on its field; blank values count as not given; page falls back to 1', async () => {
    const cases: [string, string, string][] = [
      ['filter=acepted', 'filter', 'Choose a valid filter.'],
      ['s=price', 's', 'Choose a valid sort.'],
      ['d=up', 'd', 'Choose a valid sort direction.'],
      ['sd=2026-13-01', 'sd', 'From date must be a valid date.'],
      ['ed=1/12/2026', 'ed', 'To date must be a valid date.'],
      ['p=abc', 'p', 'Partner must be a whole number.'],
      ['p=0', 'p', 'Partner must be at least 1.'],
      [`q=${'x'.repeat(101)}`, 'q', 'Search can have at most 100 characters.'],
    ];
    for (const [query, field, message] of cases) {
      for (const who of ['staff', 'a'] as const) {
        const res = await clients[who].get(`/api/orders?${query}`);
        expect(res.statusCode, query).toBe(422);
        expect(res.json<{ errors: Record<string, string[]> }>().errors[field], query).toEqual([message]);
      }
    }
    const blank = await list('staff', 'q=&p=&s=&d=&filter=&sd=&ed=');
    expect(blank.meta.total).toBe(made.length);
    for (const page of ['abc', '0', '-2']) {
      const res = (await list('staff', `page=${page}`)).meta;
      expect(res.current_page, page).toBe(1);
    }
  });
});

describe('GET /api/dashboard', () => {
  for (const who of ['staff', 'a', 'b'] as const) {
    it(`counts with the list definitions for ${who}`, async () => {
      const res = await clients[who].get('/api/dashboard');
      expect(res.statusCode).toBe(200);
      const expected: DashboardCounts = {
        awaitingAcceptance: reference(who, 'open').length,
        acceptedOrders: reference(who, 'accepted').length,
        ordersInProgress: reference(who, 'fulfilled').length,
        forDeliveryToday: reference(who, 'today').length,
      };
      expect(res.json<{ data: DashboardCounts }>().data).toEqual(expected);
    });
  }
});

describe('order detail, history and on-pay scoping', () => {
  it("answers 404 for another partner's order and shows a partner only their lines", async () => {
    const shared = made.find(
      (o) =>
        o.lines.some((l) => l.partnerId === h.fixtures.partnerA.id) &&
        o.lines.some((l) => l.partnerId === h.fixtures.partnerB.id),
    )!;
    const onlyA = made.find((o) => o.lines.every((l) => l.partnerId === h.fixtures.partnerA.id))!;
    expect((await clients.b.get(`/api/orders/${String(onlyA.id)}`)).statusCode).toBe(404);
    expect((await clients.b.get(`/api/orders/${String(onlyA.id)}/history`)).statusCode).toBe(404);
    expect((await clients.b.get(`/api/orders/${String(onlyA.id)}/onpayment`)).statusCode).toBe(404);
    const asA = (await clients.a.get(`/api/orders/${String(shared.id)}`)).json<{
      data: { lines: { partner: { id: number } | null }[]; adjustments: unknown[]; extra: unknown };
    }>();
    expect(asA.data.lines.every((l) => l.partner?.id === h.fixtures.partnerA.id)).toBe(true);
    expect(asA.data.adjustments).toEqual([]);
    expect(asA.data.extra).toBeNull();
    const asStaff = (await clients.staff.get(`/api/orders/${String(shared.id)}`)).json<{
      data: { lines: unknown[]; extra: unknown };
    }>();
    expect(asStaff.data.lines).toHaveLength(shared.lines.length);
    expect(asStaff.data.extra).not.toBeNull();
  });

  it('gives on-pay rows ending with the excl and incl delivery totals', async () => {
    const o = made.find(
      (x) =>
        x.lines.length === 1 &&
        x.lines[0]!.partnerId === h.fixtures.partnerB.id &&
        x.lines[0]!.status === 'accepted',
    )!;
    const res = await clients.b.get(`/api/orders/${String(o.id)}/onpayment`);
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ data: Record<string, number> }>().data;
    // 450.00, 20 % commission = 360.00, VAT registered + 15 % = 414.00, + 99.00 delivery and its VAT 14.85
    // = 527.85
    expect(rows['On pay (Excl Delivery)']).toBe(414);
    expect(rows['VAT on delivery (15%)']).toBe(14.85);
    expect(rows['On pay (Incl Delivery)']).toBe(527.85);
    expect(Object.keys(rows).at(-1)).toBe('On pay (Incl Delivery)');
  });

  it('keeps staff-only endpoints from partners', async () => {
    expect((await clients.a.get('/api/partners')).statusCode).toBe(403);
    expect((await clients.a.get(`/api/order-lines/1/partners`)).statusCode).toBe(403);
    expect(
      (await clients.a.put(`/api/orders/${String(made[0]!.id)}/delivery-date`, { deliveryDate: today }))
        .statusCode,
    ).toBe(403);
    expect(
      (await clients.staff.get('/api/partners')).json<{ data: { name: string }[] }>().data.map((p) => p.name),
    ).toEqual(['Fynbos & Co', 'Protea Petals']);
  });

  it('reject reasons are a bare array; statuses carry their ids', async () => {
    const reasons = (await clients.a.get('/api/order-line-reject-reasons')).json<unknown>();
    expect(Array.isArray(reasons)).toBe(true);
    const statuses = (await clients.a.get('/api/order-line-statuses')).json<{
      data: { id: number; name: string }[];
    }>().data;
    expect(statuses.find((s) => s.id === 3)?.name).toBe('rejected');
  });
});

describe('cached counts follow a change at once', () => {
  it('the dashboard and list totals move when a partner accepts an order', async () => {
    const o = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'open' }]);
    try {
      const dashboard = async (who: Who) =>
        (await clients[who].get('/api/dashboard')).json<{ data: DashboardCounts }>().data;
      const total = async (who: Who, filter: string) => (await list(who, `filter=${filter}`)).meta.total;
      // The order was written behind the server's back (as another server would write it); a change made
      // through this server, staff moving its delivery date, drops every cached count.
      const moved = await clients.staff.put(`/api/orders/${String(o.id)}/delivery-date`, {
        deliveryDate: addDays(today, 1),
      });
      expect(moved.statusCode).toBe(200);
      const staffBefore = await dashboard('staff');
      const partnerBefore = await dashboard('a');
      const openBefore = await total('staff', 'open');
      const acceptedBefore = await total('a', 'accepted');

      expect((await clients.a.post(`/api/orders/${String(o.id)}/accept`)).statusCode).toBe(200);

      const staffAfter = await dashboard('staff');
      expect(staffAfter.awaitingAcceptance).toBe(staffBefore.awaitingAcceptance - 1);
      expect(staffAfter.acceptedOrders).toBe(staffBefore.acceptedOrders + 1);
      expect((await dashboard('a')).acceptedOrders).toBe(partnerBefore.acceptedOrders + 1);
      expect(await total('staff', 'open')).toBe(openBefore - 1);
      expect(await total('a', 'accepted')).toBe(acceptedBefore + 1);
    } finally {
      await h.database.db.execute(sql`delete from orders where id = ${o.id}`);
    }
  });
});
