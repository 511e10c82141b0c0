import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { customerListRequest } from '@bloomline/contract';
import type { CustomerListItem, OrderDetail, Paged } from '@bloomline/contract';

import { auditEntries, companies, customerCompanies, customers, orders } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';
import { customerPage } from './customers.queries';

// Customers as staff, as partner users (403) and signed out (401): the paged search, setting and clearing a
// customer's partner (422 for an unknown one), and deleting a customer while their orders stay whole.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };
let naledi: number;
let pieter: number;
let avbobId: number;

const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'customer'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);

const customerRow = async (id: number) =>
  (await h.database.db.select().from(customers).where(eq(customers.id, id)))[0];

/** Signed out, with a CSRF token, so a write is refused for want of a user (401), not of a token (419). */
const guest = async () => {
  const client = h.client();
  await client.csrf();
  return client;
};

const list = async (query = '') =>
  (await staff.get(`/api/customers${query}`)).json<Paged<CustomerListItem>>();

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.21'));
  const db = h.database.db;
  const [avbob, karoo] = await db
    .insert(companies)
    .values([
      { name: 'AVBOB Soweto', avbob: true },
      { name: 'Karoo Capital', b2b: true },
    ])
    .returning();
  avbobId = avbob!.id;
  const rows = await db
    .insert(customers)
    .values([
      { name: 'Naledi Dlamini', email: 'naledi@mail.example', phone: '082 555 0101' },
      {
        name: 'pieter van Wyk',
        email: 'pieter@karoo.example',
        phone: '083 444 0202',
        partnerId: h.fixtures.partnerA.id,
      },
      ...Array.from({ length: 18 }, (_, i) => ({
        name: `Zola Customer ${String(i + 1).padStart(2, '0')}`,
        email: `zola${String(i)}@mail.example`,
      })),
    ])
    .returning();
  naledi = rows[0]!.id;
  pieter = rows[1]!.id;
  await db.insert(customerCompanies).values([
    { customerId: pieter, companyId: karoo!.id },
    { customerId: pieter, companyId: avbob!.id },
    { customerId: naledi, companyId: avbob!.id },
  ]);
});
afterAll(() => h.close());

describe('GET /api/customers', () => {
  it('pages the customers by name with companies and partner', async () => {
    const body = await list();
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 15, total: 20, last_page: 2 });
    expect(body.data).toHaveLength(15);
    expect(body.data[0]).toEqual({
      id: naledi,
      name: 'Naledi Dlamini',
      email: 'naledi@mail.example',
      phone: '082 555 0101',
      companies: [{ id: avbobId, name: 'AVBOB Soweto' }],
      partner: null,
    });
    // Sorted by name whatever its case.
    expect(body.data[1]).toMatchObject({
      id: pieter,
      companies: [
        { id: avbobId, name: 'AVBOB Soweto' },
        { id: expect.any(Number) as number, name: 'Karoo Capital' },
      ],
      partner: { id: h.fixtures.partnerA.id, name: h.fixtures.partnerA.name },
    });
    const two = await list('?page=2');
    expect(two.data.map((c) => c.name)).toEqual([
      'Zola Customer 14',
      'Zola Customer 15',
      'Zola Customer 16',
      'Zola Customer 17',
      'Zola Customer 18',
    ]);
    expect((await list('?page=9')).data).toEqual([]);
    expect((await list('?page=9')).meta.total).toBe(20);
  });

  it('searches name, e-mail and phone, ignoring case, and keeps q in the page links', async () => {
    expect((await list('?q=DLAMINI')).data.map((c) => c.id)).toEqual([naledi]);
    expect((await list('?q=karoo.example')).data.map((c) => c.id)).toEqual([pieter]);
    expect((await list('?q=444%200202')).data.map((c) => c.id)).toEqual([pieter]);
    const zola = await list('?q=zola&per_page=5');
    expect(zola.meta.total).toBe(18);
    expect(zola.meta.links.at(-1)?.url).toBe('/api/customers?per_page=5&q=zola&s=name&d=asc&page=2');
    // LIKE's own characters match themselves.
    expect((await list('?q=%25')).data).toEqual([]);
  });

  it('refuses a malformed search or sort with a 422', async () => {
    const res = await staff.get(`/api/customers?q=${'x'.repeat(101)}&s=password`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<Errors>().errors ?? {})).toEqual(['q', 's']);
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/customers')).statusCode).toBe(403);
    expect((await partnerB.get('/api/customers')).statusCode).toBe(403);
    expect((await h.client().get('/api/customers')).statusCode).toBe(401);
  });

  it('searches through the trigram index, not a scan of every customer', async () => {
    const request = customerListRequest.parse({ q: 'dlamini' });
    await h.database.db.transaction(async (tx) => {
      // With a few rows a scan is cheaper; forbidding it shows whether the index can serve the query at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute(sql`explain ${customerPage(tx, request, { limit: 15, offset: 0 })}`);
      expect(JSON.stringify(plan)).toContain('customers_search_trgm_idx');
    });
  });
});

describe('PUT /api/customers/{id}', () => {
  it('gives a customer a partner, with an audit entry of what changed', async () => {
    const res = await staff.put(`/api/customers/${String(naledi)}`, { partnerId: h.fixtures.partnerB.id });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: CustomerListItem }>().data).toMatchObject({
      id: naledi,
      partner: { id: h.fixtures.partnerB.id, name: 'Fynbos & Co' },
      companies: [{ id: avbobId, name: 'AVBOB Soweto' }],
    });
    expect((await auditOf(naledi)).at(-1)).toMatchObject({
      event: 'updated',
      userId: h.fixtures.staff.id,
      message: 'Customer Naledi Dlamini given partner Fynbos & Co.',
      oldValues: { partnerId: null },
      newValues: { partnerId: h.fixtures.partnerB.id },
    });
  });

  it('clears the partner with null or a blank form field', async () => {
    const cleared = await staff.put(`/api/customers/${String(naledi)}`, { partnerId: null });
    expect(cleared.json<{ data: CustomerListItem }>().data.partner).toBeNull();
    expect((await auditOf(naledi)).at(-1)?.message).toBe('Customer Naledi Dlamini no longer has a partner.');
    await staff.put(`/api/customers/${String(naledi)}`, { partnerId: String(h.fixtures.partnerA.id) });
    const blank = await staff.form(`/api/customers/${String(naledi)}`, { partnerId: '', _method: 'PUT' });
    expect(blank.statusCode).toBe(200);
    expect((await customerRow(naledi))?.partnerId).toBeNull();
  });

  it('refuses an unknown partner, a malformed id and a missing field, and changes nothing', async () => {
    const url = `/api/customers/${String(pieter)}`;
    const entries = (await auditOf(pieter)).length;
    const unknown = await staff.put(url, { partnerId: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<Errors>()).toEqual({
      message: 'Choose a valid partner.',
      errors: { partnerId: ['Choose a valid partner.'] },
    });
    const malformed = await staff.put(url, { partnerId: 'abc' });
    expect(malformed.json<Errors>().errors).toEqual({
      partnerId: ['Partner must be a whole number.'],
    });
    const missing = await staff.put(url, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json<Errors>().errors).toEqual({ partnerId: ['Partner must be sent.'] });
    expect((await customerRow(pieter))?.partnerId).toBe(h.fixtures.partnerA.id);
    expect(await auditOf(pieter)).toHaveLength(entries);
  });

  it('is 404 for a missing customer, 405 for a POST without _method, staff only', async () => {
    expect((await staff.put('/api/customers/999999', { partnerId: null })).statusCode).toBe(404);
    expect((await staff.put('/api/customers/abc', { partnerId: null })).statusCode).toBe(404);
    expect((await staff.post(`/api/customers/${String(pieter)}`, { partnerId: null })).statusCode).toBe(405);
    for (const client of [partnerA, partnerB]) {
      expect((await client.put(`/api/customers/${String(pieter)}`, { partnerId: null })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await (await guest()).put(`/api/customers/${String(pieter)}`, { partnerId: null })).statusCode,
    ).toBe(401);
    expect((await customerRow(pieter))?.partnerId).toBe(h.fixtures.partnerA.id);
  });
});

describe('DELETE /api/customers/{id}', () => {
  it('is staff only and changes nothing when refused', async () => {
    for (const client of [partnerA, partnerB]) {
      expect((await client.delete(`/api/customers/${String(pieter)}`)).statusCode).toBe(403);
    }
    expect((await (await guest()).delete(`/api/customers/${String(pieter)}`)).statusCode).toBe(401);
    expect((await staff.delete('/api/customers/999999')).statusCode).toBe(404);
    expect(await customerRow(pieter)).toBeDefined();
  });

  it('deletes the customer and keeps every order whole, the buyer still named on it', async () => {
    const db = h.database.db;
    const recipient = {
      firstName: 'Lindiwe',
      lastName: 'Mokoena',
      phone: '071 000 1111',
      company: 'Karoo Capital',
    };
    const first = await createOrder(db, [{ partnerId: h.fixtures.partnerA.id, status: 'open' }], {
      customerId: pieter,
      email: 'pieter@karoo.example',
      ...recipient,
    });
    const second = await createOrder(db, [{ partnerId: null, status: 'open' }], { customerId: pieter });
    const before = (await staff.get(`/api/orders/${String(first.id)}`)).json<{ data: OrderDetail }>().data;
    expect(before.extra?.customer).toBe('pieter van Wyk');

    const res = await staff.delete(`/api/customers/${String(pieter)}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await customerRow(pieter)).toBeUndefined();
    expect(await db.select().from(customerCompanies).where(eq(customerCompanies.customerId, pieter))).toEqual(
      [],
    );

    const kept = await db.select().from(orders).where(eq(orders.customerId, pieter));
    expect(kept).toEqual([]);
    const after = (await staff.get(`/api/orders/${String(first.id)}`)).json<{ data: OrderDetail }>().data;
    expect(after).toEqual({ ...before, extra: { ...before.extra, customer: 'pieter van Wyk' } });
    expect(after).toMatchObject({ ...recipient, lines: [expect.objectContaining({ status: 'open' })] });
    expect(after.extra?.email).toBe('pieter@karoo.example');
    const [secondRow] = await db.select().from(orders).where(eq(orders.id, second.id));
    expect(secondRow).toMatchObject({
      customerId: null,
      customerName: 'pieter van Wyk',
      firstName: 'Thandi',
    });
    // Partner A still sees their order, recipient and all.
    const asPartner = await partnerA.get(`/api/orders/${String(first.id)}`);
    expect(asPartner.statusCode).toBe(200);
    expect(asPartner.json<{ data: OrderDetail }>().data).toMatchObject(recipient);

    const [entry] = await auditOf(pieter);
    expect(entry).toMatchObject({
      event: 'deleted',
      userId: h.fixtures.staff.id,
      message: 'Customer pieter van Wyk deleted; their 2 orders kept.',
      newValues: null,
      oldValues: {
        name: 'pieter van Wyk',
        email: 'pieter@karoo.example',
        partnerId: h.fixtures.partnerA.id,
        companyIds: expect.any(Array) as number[],
      },
    });
    expect((await staff.delete(`/api/customers/${String(pieter)}`)).statusCode).toBe(404);
    expect((await list('?q=pieter')).data).toEqual([]);
  });
});
