import { readFileSync } from 'node:fs';

import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app';
import { migrationsFolder } from '../../db/client';
import {
  colours,
  componentRates,
  components,
  componentUnits,
  measureUnits,
  productImages,
  products,
  productVariants,
  profitCentres,
  variantComponentRates,
} from '../../db/schema';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';

// A florist's own phone app, written against the original API, replayed call by call the way it makes
// them (DECISIONS.md, "Compatibility with clients of the original API"): it reads the session from the
// Set-Cookie header of every answer, sends the XSRF token back in X-XSRF-TOKEN and the session in a Cookie
// header of its own making, reads orders from the list alone and builds guideline texts from the variant.
// The server runs as the README tells a deployment that serves such apps: SESSION_COOKIE=bloomable_session.

const SESSION_COOKIE = 'bloomable_session';
const APP_URL = 'http://localhost:3000';

interface AppSession {
  xsrfToken?: string | undefined;
  sessionToken?: string | undefined;
}

/** The florist app's HTTP client as it behaves (its requests, headers and retries), over app.inject. */
class FloristApp {
  session: AppSession = {};
  /** Every request sent, as "METHOD /path", in order: shows retries. */
  readonly sent: string[] = [];
  /** Calls the app had to send again because an answer came without its cookies. */
  readonly retried: string[] = [];

  constructor(
    private readonly app: App,
    private readonly credentials: { username: string; password: string },
  ) {}

  /** The app reads one Set-Cookie header (all cookies joined by ", ") and picks its two cookies out of it. */
  static sessionOf(res: LightMyRequestResponse): AppSession | null {
    const header = res.headers['set-cookie'];
    if (header === undefined) return null;
    const joined = Array.isArray(header) ? header.join(', ') : header;
    const valueOf = (key: string) =>
      joined
        .split(',')
        .flatMap((part) => part.split(';'))
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${key}=`))
        ?.slice(key.length + 1);
    return { xsrfToken: valueOf('XSRF-TOKEN'), sessionToken: valueOf(SESSION_COOKIE) };
  }

  /** The headers the app adds to carry its session (its Cookie header really is written this way). */
  private sessionHeaders(): Record<string, string> {
    return {
      'x-xsrf-token': `${this.session.xsrfToken?.replace('%3D', '=')}`,
      cookie: `XSRF-TOKEN: ${this.session.xsrfToken}; ${SESSION_COOKIE}=${this.session.sessionToken}`,
    };
  }

  private async send(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: string) {
    this.sent.push(`${method} ${url}`);
    return this.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });
  }

  async csrfCookie() {
    const res = await this.send('GET', '/sanctum/csrf-cookie', {});
    this.session = FloristApp.sessionOf(res) ?? {};
    return res;
  }

  async login() {
    await this.csrfCookie();
    const before = this.session;
    const res = await this.send(
      'POST',
      '/api/login',
      { accept: 'application/json', 'content-type': 'application/json', ...this.sessionHeaders() },
      JSON.stringify({ email: this.credentials.username, password: this.credentials.password }),
    );
    this.session = FloristApp.sessionOf(res) ?? {};
    if (res.statusCode === 406) this.session = before;
    return res;
  }

  async logout() {
    await this.csrfCookie();
    const res = await this.send('POST', '/api/logout', {
      accept: 'application/json',
      ...this.sessionHeaders(),
    });
    this.session = FloristApp.sessionOf(res) ?? this.session;
    return res;
  }

  /** A call after sign-in: on 401 it signs in again and retries; it keeps the session of every answer. */
  async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse> {
    const headers = () => ({
      accept: 'application/json',
      referer: `${APP_URL}/dashboard`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...this.sessionHeaders(),
    });
    for (let attempt = 0; attempt < 4; attempt++) {
      const res = await this.send(
        method,
        url,
        headers(),
        body === undefined ? undefined : JSON.stringify(body),
      );
      if (res.statusCode === 401) {
        await this.login();
        continue;
      }
      const next = FloristApp.sessionOf(res);
      if (next === null) {
        // The app treats an answer without Set-Cookie as a failure and sends the call again.
        this.retried.push(`${method} ${url}`);
        continue;
      }
      this.session = next;
      return res;
    }
    throw new Error(`${method} ${url}: the app gives up after four tries`);
  }
}

/** What the app's converter reads from an order (list item or detail), checked for type. */
function expectAppReadable(order: Record<string, unknown>) {
  expect(order).toMatchObject({
    id: expect.any(Number),
    name: expect.stringMatching(/^#BL\d+$/),
    created_at: expect.any(String),
    deliveryDate: expect.any(String),
    totalValue: expect.any(Number),
    onPay: expect.any(Number),
    status: expect.any(String),
    firstName: expect.any(String),
    lastName: expect.any(String),
    address1: expect.any(String),
    city: expect.any(String),
    latitude: expect.any(Number),
    longitude: expect.any(Number),
  });
  for (const key of ['notes', 'company', 'phone', 'address2', 'postalCode'])
    expect(order).toHaveProperty(key);
  expect(Number.isNaN(Date.parse(order.created_at as string))).toBe(false);
  const lines = order.lines as Record<string, unknown>[];
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line).toMatchObject({
      title: expect.any(String),
      quantity: expect.any(Number),
      value: expect.any(Number),
    });
    for (const key of ['productVariantId', 'giftMessage', 'customName']) expect(line).toHaveProperty(key);
  }
}

let h: Harness;
let variantId: number;
let order: { id: number; name: string };

/** A product with a picture stored as a path and one stored as an absolute URL, and two components. */
async function seedVariant(db: Harness['database']['db']) {
  const [red] = await db.insert(colours).values({ name: 'Red' }).returning();
  const [stem, each] = await db
    .insert(measureUnits)
    .values([
      { name: 'Stem', shortCode: 'st' },
      { name: 'Each', shortCode: 'ea' },
    ])
    .returning();
  const [perStem, perEach] = await db
    .insert(componentUnits)
    .values([{ measureUnitId: stem!.id }, { measureUnitId: each!.id }])
    .returning();
  const [rose, vase] = await db
    .insert(components)
    .values([
      { name: 'Red rose', unitId: perStem!.id, colourId: red!.id },
      // No colour of its own (added without one, or its colour was deleted): the API still names one.
      { name: 'Glass vase', unitId: perEach!.id, colourId: null },
    ])
    .returning();
  const [centre] = await db.insert(profitCentres).values({ name: 'Florist' }).returning();
  const [roseRate, vaseRate] = await db
    .insert(componentRates)
    .values([
      { componentId: rose!.id, profitCentreId: centre!.id, priceCents: 2500 },
      { componentId: vase!.id, profitCentreId: centre!.id, priceCents: 15000 },
    ])
    .returning();
  const [product] = await db
    .insert(products)
    .values({ title: 'Red rose bouquet', description: 'A dozen red roses.', handle: 'red-rose-bouquet' })
    .returning();
  await db.insert(productImages).values([
    { productId: product!.id, url: '/images/products/red-rose-bouquet.png', altText: null, position: 1 },
    { productId: product!.id, url: 'https://cdn.example.com/roses.jpg', altText: 'Roses', position: 2 },
  ]);
  const [variant] = await db
    .insert(productVariants)
    .values({ productId: product!.id, title: 'Large', sku: 'BL-001-L', priceCents: 45000 })
    .returning();
  await db.insert(variantComponentRates).values([
    { variantId: variant!.id, componentRateId: roseRate!.id, quantity: '12' },
    { variantId: variant!.id, componentRateId: vaseRate!.id, quantity: '1' },
  ]);
  return variant!.id;
}

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
        product: { title: string; description: string; images: { url: string }[] };
        component_rates: {
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

describe('demo pictures', () => {
  it('are PNG, and the SVG addresses of before redirect to them', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/images/products/spring-tulips.svg' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/images/products/spring-tulips.png');
    const png = await h.app.inject({ method: 'GET', url: '/images/products/spring-tulips.png' });
    expect(png.headers['content-type']).toBe('image/png');
  });

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
