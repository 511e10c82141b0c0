import { readFileSync } from 'node:fs';

import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { migrationsFolder } from '../../db/client';
import { productImages, products, sessions } from '../../db/schema';
import { forgetCachedSessions } from '../../plugins/session';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { APP_URL, expectAppReadable, FloristApp, seedVariant, SESSION_COOKIE } from '../../test/florist-app';
import { createOrder } from '../../test/orders-fixtures';

// A florist's own phone app, written against the original API, replayed call by call the way it makes
// them (DECISIONS.md, "Compatibility with clients of the original API"): it reads the session from the
// Set-Cookie header of every answer, sends the XSRF token back in X-XSRF-TOKEN and the session in a Cookie
// header of its own making, reads orders from the list alone and builds guideline texts from the variant.
// The server runs as the README tells a deployment that serves such apps: SESSION_COOKIE=bloomable_session.

let h: Harness;
let variantId: number;
let order: { id: number; name: string };

beforeAll(async () => {
  h = await createHarness({ env: { SESSION_COOKIE, APP_URL } });
  variantId = await seedVariant(h.database.db);
  // Partner A (25 % commission, not VAT registered) delivers; partner B (20 %, VAT registered) does not.
  order = await createOrder(
    h.database.db,
    [
      {
        partnerId: h.fixtures.partnerA.id,
        status: 'open',
        valueCents: 45000,
        title: 'Red rose bouquet - Large',
        more: { productVariantId: variantId, giftMessage: 'Happy birthday, Mom!', customName: null },
      },
      {
        partnerId: h.fixtures.partnerB.id,
        status: 'open',
        valueCents: 30000,
        quantity: 2,
        title: 'Chocolates',
        more: { partnerDelivers: false, customName: 'For Thandi' },
      },
    ],
    { notes: 'Gate code 1234', deliveryFeeCents: 9900 },
  );
});
afterAll(async () => h.close());

describe('a florist phone app written for the original API', () => {
  const apps: FloristApp[] = [];
  const app = () => {
    const made = new FloristApp(h.app, { username: h.fixtures.userA.email, password: 'password' });
    apps.push(made);
    return made;
  };
  // Every answer carried both cookies, so the app never had to send a call again.
  afterEach(() => {
    for (const made of apps.splice(0)) expect(made.retried).toEqual([]);
  });

  it('signs in as the app does: sign out first, then the XSRF cookie, then the login', async () => {
    const florist = app();
    expect((await florist.logout()).statusCode).toBe(204);
    const csrf = await florist.csrfCookie();
    expect(csrf.statusCode).toBe(204);
    expect(florist.session.xsrfToken).toBeTruthy();
    expect(florist.session.sessionToken).toBeTruthy();
    const login = await florist.login();
    expect(login.statusCode).toBe(200);
    expect(login.json<{ data: { email: string } }>().data.email).toBe(h.fixtures.userA.email);
    expect(florist.session.xsrfToken).toBeTruthy();
    expect(florist.session.sessionToken).toBeTruthy();

    const me = await florist.call('GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      data: {
        id: h.fixtures.userA.id,
        email: h.fixtures.userA.email,
        role: { slug: 'partner' },
        partner: { id: h.fixtures.partnerA.id, name: h.fixtures.partnerA.name },
      },
    });
  });

  it('reads every order from the lists alone, status by status, page by page', async () => {
    const florist = app();
    await florist.login();
    for (const status of ['open', 'accepted', 'fulfilled', 'delivered', 'cancel-confirmed']) {
      const res = await florist.call('GET', `/api/orders?page=1&s=created_at&d=desc&filter=${status}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: Record<string, unknown>[]; meta: { last_page: number } }>();
      expect(Array.isArray(body.data)).toBe(true);
      expect(body.meta.last_page).toEqual(expect.any(Number));
      body.data.forEach(expectAppReadable);
    }
    const open = (await florist.call('GET', '/api/orders?page=1&s=created_at&d=desc&filter=open')).json<{
      data: Record<string, unknown>[];
    }>().data;
    const mine = open.find((o) => o.id === order.id)!;
    expect(mine).toMatchObject({
      name: order.name,
      notes: 'Gate code 1234',
      // 450.00 less 25 % commission, not VAT registered, plus the 99.00 delivery fee they earn.
      onPay: 436.5,
      lines: [
        {
          title: 'Red rose bouquet - Large',
          quantity: 1,
          value: 450,
          productVariantId: variantId,
          giftMessage: 'Happy birthday, Mom!',
          customName: null,
        },
      ],
    });
  });

  it('opens an order and its product as the app does and builds the guideline texts', async () => {
    const florist = app();
    await florist.login();
    const detail = await florist.call('GET', `/api/orders/${String(order.id)}`);
    expect(detail.statusCode).toBe(200);
    const data = detail.json<{ data: Record<string, unknown> }>().data;
    expectAppReadable(data);
    expect(data).toMatchObject({ notes: 'Gate code 1234', onPay: 436.5 });

    const res = await florist.call('GET', `/api/product-variants/${String(variantId)}`);
    expect(res.statusCode).toBe(200);
    const variant = res.json<{
      data: {
        id: number;
        title: string;
        product: { id: number; title: string; description: string; images: { url: string }[] };
        component_rates: {
          id: number;
          quantity: number;
          component_rate: { component: { name: string; unit: { name: string }; colour: { name: string } } };
        }[];
      };
    }>().data;
    expect(variant).toMatchObject({
      id: variantId,
      title: 'Large',
      product: { title: 'Red rose bouquet', description: 'A dozen red roses.' },
    });
    const guidelines = variant.component_rates
      .map(
        (r) =>
          `${String(r.quantity)} x ${r.component_rate.component.name} - ${r.component_rate.component.unit.name} (${r.component_rate.component.colour.name})`,
      )
      .join('\n');
    expect(guidelines).toBe('12 x Red rose - Stem (Red)\n1 x Glass vase - Each (Mixed)');
    // Each recipe line carries its id, the same as the variant's lines in GET /api/products/{id}.
    const { staff } = await h.signedIn('10.9.9');
    const productOf = (await staff.get(`/api/products/${String(variant.product.id)}`)).json<{
      data: { variants: { id: number; component_rates: { id: number }[] }[] };
    }>().data;
    const ids = productOf.variants.find((v) => v.id === variantId)!.component_rates.map((r) => r.id);
    expect(ids).toHaveLength(2);
    expect(variant.component_rates.map((r) => r.id)).toEqual(ids);
    expect(variant.product.images.map((i) => i.url)).toEqual([
      `${APP_URL}/images/products/red-rose-bouquet.png`,
      'https://cdn.example.com/roses.jpg',
    ]);

    // The picture the app then shows is a PNG.
    const picture = await h.app.inject({
      method: 'GET',
      url: new URL(variant.product.images[0]!.url).pathname,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('accepts, fulfils and delivers with one call each, each answered 200 with JSON', async () => {
    const florist = app();
    await florist.login();
    const reasons = await florist.call('GET', '/api/order-line-reject-reasons');
    expect(Array.isArray(reasons.json())).toBe(true);
    for (const [action, status] of [
      ['accept', 'accepted'],
      ['fulfill', 'fulfilled'],
      ['deliver', 'delivered'],
    ] as const) {
      const before = florist.sent.length;
      const res = await florist.call('POST', `/api/orders/${String(order.id)}/${action}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: { status } });
      expect(florist.sent.slice(before)).toEqual([`POST /api/orders/${String(order.id)}/${action}`]);
      const listed = (
        await florist.call('GET', `/api/orders?page=1&s=created_at&d=desc&filter=${status}`)
      ).json<{ data: { id: number }[] }>().data;
      expect(listed.map((o) => o.id)).toContain(order.id);
    }
  });

  it('signs in again when its session has run out: the next action gets 401, not 419', async () => {
    const florist = app();
    await florist.login();
    const fresh = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'open' }]);
    // Two hours and a minute idle: past the 120-minute lifetime.
    await h.database.db
      .update(sessions)
      .set({ lastActivity: new Date(Date.now() - 121 * 60_000) })
      .where(eq(sessions.userId, h.fixtures.userA.id));
    await forgetCachedSessions(h.database.db);
    const before = florist.sent.length;
    const res = await florist.call('POST', `/api/orders/${String(fresh.id)}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'accepted' } });
    const action = `POST /api/orders/${String(fresh.id)}/accept`;
    expect(florist.sent.slice(before)).toEqual([
      action,
      'GET /sanctum/csrf-cookie',
      'POST /api/login',
      action,
    ]);
  });

  it('signs out with a 204 (the app signs out the fresh session its XSRF-cookie call just got)', async () => {
    const florist = app();
    await florist.login();
    const res = await florist.logout();
    expect(res.statusCode).toBe(204);
    expect(florist.sent.slice(-2)).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/logout']);
  });
});

describe('on pay in the list, for each viewer', () => {
  it('is the viewer’s own, and for staff the whole order’s, as on-payment computes it', async () => {
    const { staff, partnerA, partnerB } = await h.signedIn('10.9.0');
    const second = await createOrder(
      h.database.db,
      [
        { partnerId: h.fixtures.partnerA.id, status: 'accepted', valueCents: 20000 },
        { partnerId: h.fixtures.partnerB.id, status: 'open', valueCents: 30000, quantity: 2 },
        { partnerId: h.fixtures.partnerB.id, status: 'rejected', valueCents: 99900 },
        { partnerId: null, status: 'open', valueCents: 10000 },
      ],
      { deliveryFeeCents: 12000, notes: null },
    );
    const expected = {
      // 200.00 less 25 %, plus the delivery fee (the first line delivers).
      a: 150 + 120,
      // 600.00 less 20 % plus 15 % VAT; the rejected line earns nothing.
      b: 552,
    };
    for (const [client, onPay] of [
      [partnerA, expected.a],
      [partnerB, expected.b],
      [staff, expected.a + expected.b],
    ] as const) {
      const list = (await client.get('/api/orders?per_page=100')).json<{
        data: { id: number; onPay: number; notes: string | null }[];
      }>().data;
      expect(list.find((o) => o.id === second.id)).toMatchObject({ onPay, notes: null });
      const rows = (await client.get(`/api/orders/${String(second.id)}/onpayment`)).json<{
        data: Record<string, number>;
      }>().data;
      expect(rows['On pay (Incl Delivery)']).toBe(onPay);
    }
  });
});

// How the pictures are served (PNG, the SVG addresses of before redirected): products/product-pictures.test.ts.
describe('demo pictures', () => {
  it('stored with the old SVG address are moved to the PNG by the migration', async () => {
    const db = h.database.db;
    const [product] = await db
      .insert(products)
      .values({ title: 'Spring tulips', handle: 'spring-tulips' })
      .returning();
    const [old, own] = await db
      .insert(productImages)
      .values([
        { productId: product!.id, url: '/images/products/spring-tulips.svg' },
        { productId: product!.id, url: 'https://cdn.example.com/tulips.svg' },
      ])
      .returning();
    const migration = readFileSync(`${migrationsFolder()}/0002_product_images_png.sql`, 'utf8');
    await db.execute(sql.raw(migration));
    const url = async (id: number) =>
      (await db.select().from(productImages).where(eq(productImages.id, id)))[0]!.url;
    expect(await url(old!.id)).toBe('/images/products/spring-tulips.png');
    expect(await url(own!.id)).toBe('https://cdn.example.com/tulips.svg');
  });
});
