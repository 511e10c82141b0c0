import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_SEARCH_RESULTS, SEARCH_MESSAGES } from '@bloomline/contract';
import type { SearchResult } from '@bloomline/contract';

import { companies, customers, products } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';

// GET /api/search (issue 40): orders by number, recipient, phone or e-mail, partners, customers, companies,
// products and screens; a partner user finds only their own orders and screens.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let ofA: { id: number; name: string };
let ofB: { id: number; name: string };

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.43.0'));
  ofA = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'open' }], {
    firstName: 'Nomsa',
    lastName: 'Qwabe',
    phone: '+27 82 777 1234',
    email: 'buyer.one@example.org',
    deliveryDate: '2026-03-05',
  });
  ofB = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerB.id, status: 'open' }], {
    firstName: 'Sipho',
    lastName: 'Qwabe',
    email: 'buyer.two@example.org',
  });
  await h.database.db.insert(customers).values({ name: 'Qwabe Holdings Buyer', email: 'q@example.org' });
  await h.database.db.insert(companies).values({ name: 'Qwabe Florals (Pty) Ltd' });
  await h.database.db
    .insert(products)
    .values({ title: 'Protea Qwabe Special', handle: 'protea-qwabe-special' });
});
afterAll(async () => h.close());

const search = async (client: TestClient, q: string) => {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as SearchResult[];
};

describe('staff', () => {
  it('find an order by its number, with or without #BL', async () => {
    const digits = ofA.name.replace('#BL', '');
    for (const q of [ofA.name, digits, `bl${digits}`]) {
      const found = await search(staff, q);
      expect(found[0]).toEqual({
        type: 'order',
        id: ofA.id,
        title: ofA.name,
        subtitle: 'Nomsa Qwabe · delivery 2026-03-05',
        url: `/order/${String(ofA.id)}`,
      });
    }
  });

  it('find orders by recipient, phone and the buyer’s e-mail, and everything else by name', async () => {
    const byName = await search(staff, 'qwabe');
    expect(byName.filter((r) => r.type === 'order').map((r) => r.id)).toEqual([ofB.id, ofA.id]);
    expect(byName.map((r) => r.type)).toEqual(['order', 'order', 'customer', 'company', 'product']);
    expect(byName.find((r) => r.type === 'customer')).toMatchObject({
      title: 'Qwabe Holdings Buyer',
      url: '/customers?q=Qwabe%20Holdings%20Buyer',
    });
    expect(byName.find((r) => r.type === 'product')?.url).toMatch(/^\/products\/\d+\/variants$/);
    expect((await search(staff, '777 1234')).map((r) => r.id)).toEqual([ofA.id]);
    expect((await search(staff, 'buyer.two@')).map((r) => r.id)).toEqual([ofB.id]);
    // Two letters: the start of the recipient's surname.
    expect((await search(staff, 'qw')).filter((r) => r.type === 'order')).toHaveLength(2);
  });

  it('find partners and screens', async () => {
    const found = await search(staff, 'protea');
    expect(found.find((r) => r.type === 'partner')).toEqual({
      type: 'partner',
      id: h.fixtures.partnerA.id,
      title: 'Protea Petals',
      subtitle: 'Florist',
      url: `/partners/${String(h.fixtures.partnerA.id)}`,
    });
    const screens = await search(staff, 'unassigned');
    expect(screens).toContainEqual({
      type: 'screen',
      id: '/orders/unassigned',
      title: 'Unassigned',
      subtitle: 'Orders',
      url: '/orders/unassigned',
    });
    // The Xero screen needs its permission, which the fixtures' staff user has.
    expect((await search(staff, 'xero')).map((r) => r.url)).toEqual(['/system/xero']);
  });

  it('answer at most 20', async () => {
    for (let i = 0; i < 25; i++)
      await h.database.db.insert(customers).values({ name: `Many Zulu ${String(i)}` });
    expect((await search(staff, 'many zulu')).length).toBeLessThanOrEqual(MAX_SEARCH_RESULTS);
  });
});

describe('partners', () => {
  it('find only their own orders, never the marketplace’s records', async () => {
    const asA = await search(partnerA, 'qwabe');
    expect(asA.map((r) => [r.type, r.id])).toEqual([['order', ofA.id]]);
    const asB = await search(partnerB, ofA.name);
    expect(asB).toEqual([]);
    // The buyer's e-mail is staff's to search (a partner never sees it).
    expect(await search(partnerA, 'buyer.one')).toEqual([]);
  });

  it('find their own screens only', async () => {
    const found = await search(partnerA, 'new orders');
    expect(found.map((r) => r.url)).toEqual(['/orders/open']);
    expect(await search(partnerA, 'audit')).toEqual([]);
    // Partner A's user has partnerStatements, B's has not.
    expect((await search(partnerA, 'statements')).map((r) => r.url)).toEqual(['/statements']);
    expect(await search(partnerB, 'statements')).toEqual([]);
  });
});

describe('bad input', () => {
  it('needs 2 to 100 characters, and a session', async () => {
    for (const q of ['', 'a', ' b ', 'x'.repeat(101)]) {
      const res = await staff.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.q).toEqual([q.length > 100 ? SEARCH_MESSAGES.long : SEARCH_MESSAGES.short]);
    }
    expect((await staff.get('/api/search')).statusCode).toBe(422);
    expect((await h.client('10.43.9.9').get('/api/search?q=qwabe')).statusCode).toBe(401);
  });

  it('takes wildcards literally', async () => {
    expect(await search(staff, '%%%')).toEqual([]);
    expect(await search(staff, '__')).toEqual([]);
  });
});
