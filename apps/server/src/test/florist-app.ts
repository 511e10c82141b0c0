import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import type { App } from '../app';
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
} from '../db/schema';
import { drawDemoPictures } from '../demo-seed/pictures';
import type { Harness } from './harness';

/**
 * A florist's own phone app, written against the original API, as a test client: it reads the session from
 * the Set-Cookie header of every answer, sends the XSRF token back in X-XSRF-TOKEN and the session in a Cookie
 * header of its own making (DECISIONS.md, "Compatibility with clients of the original API").
 */

export const SESSION_COOKIE = 'bloomable_session';
export const APP_URL = 'http://localhost:3000';

interface AppSession {
  xsrfToken?: string | undefined;
  sessionToken?: string | undefined;
}

/** The florist app's HTTP client as it behaves (its requests, headers and retries), over app.inject. */
export class FloristApp {
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
export function expectAppReadable(order: Record<string, unknown>) {
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

/** A product with a picture stored as a path and one stored as an absolute URL, and two components. */
export async function seedVariant(db: Harness['database']['db']) {
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
  await drawDemoPictures(db); // as the seed does: the app then loads the picture
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
