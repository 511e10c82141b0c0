import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';

import { todayInJohannesburg } from '@bloomline/contract';

import { signIn, STAFF } from './helpers';

/**
 * Helpers for the order journeys. Orders are found through the API with the page's own cookies (sign in
 * first), never by hard-coded numbers: the seed follows today's date.
 *
 * Two workers share one server, so every journey that changes an order works on orders no other journey touches:
 * most make their own through the shop's door (`shopOrderFor`, a surname of the journey's own to search the
 * partner's list by, since other journeys' orders arrive all the time and push any one order off a list's
 * first page). The demo florists also get fixed orders every day (apps/server/src/demo-seed/order-plan.ts);
 * the journeys that open those by their id, never from a list:
 *
 * | Orders                                   | Journey                                           |
 * |------------------------------------------|---------------------------------------------------|
 * | Constantia, open, today, highest id      | orders-accessibility: Reject and Assign dialogs (read only) |
 * | Constantia, accepted, later, lowest id   | orders-staff: a second action on a moved line     |
 * | oldest delivered order                   | orders-staff: delivery date                       |
 *
 * The list journeys only read, and assert nothing another journey's change could break.
 */

export const KLOOF = 'Kloof Street Flowers';
export const CONSTANTIA = 'Constantia Blooms';

export type Partner = { id: number; name: string };
export type Line = { id: number; title: string; quantity: number; status: string; partner: Partner | null };
export type Order = {
  id: number;
  name: string;
  status: string;
  created_at: string;
  deliveryDate: string | null;
  firstName: string | null;
  lastName: string | null;
  lines: Line[];
};
export type PageMeta = { current_page: number; last_page: number; total: number };
export type DashboardCounts = {
  awaitingAcceptance: number;
  acceptedOrders: number;
  ordersInProgress: number;
  forDeliveryToday: number;
};

export type Query = Record<string, string | number | undefined>;

const withQuery = (path: string, query: Query = {}) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

/** GET an API path as the signed-in user of `page`; fails the test on anything but 200. */
export async function apiGet<T>(page: Page, path: string, query?: Query): Promise<T> {
  const response = await page.request.get(withQuery(path, query), {
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** POST as the signed-in user of `page`, with the CSRF header the web client sends. Answers the status. */
export async function apiPost(page: Page, path: string, body?: unknown): Promise<number> {
  return (await apiPostJson(page, path, body)).status;
}

export const listOrders = (page: Page, query: Query = {}) =>
  apiGet<{ data: Order[]; meta: PageMeta }>(page, '/api/orders', { per_page: 100, ...query });

export const getOrder = async (page: Page, id: number) =>
  (await apiGet<{ data: Order }>(page, `/api/orders/${id}`)).data;

export const dashboardCounts = async (page: Page) =>
  (await apiGet<{ data: DashboardCounts }>(page, '/api/dashboard')).data;

/** Today in Johannesburg as 'YYYY-MM-DD': the server's "today", by the contract's one rule. */
export { todayInJohannesburg };

/** 'YYYY-MM-DD' as the app shows a day: 'Mon 05 Jan 2024'. */
export function formatDay(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(date);
  return `${part({ weekday: 'short' })} ${part({ day: '2-digit' })} ${part({ month: 'short' })} ${part({ year: 'numeric' })}`;
}

/** The days of a date picker are labelled 'D MMMM YYYY' ('5 January 2024'). */
export function pickerDayLabel(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The line of `order` that belongs to the partner named, in the status given. */
export function lineOf(order: Order, partnerName: string, status: string): Line | undefined {
  return order.lines.find((l) => l.partner?.name === partnerName && l.status === status);
}

export type Pick = 'lowest' | 'highest';

/**
 * An order with a line of `partnerName` in `status`, delivering today or later, by id. Staff or the
 * partner may ask (a partner only sees their own lines).
 */
export async function demoOrder(
  page: Page,
  {
    partnerName,
    status,
    when,
    pick,
  }: { partnerName: string; status: string; when: 'today' | 'later'; pick: Pick },
): Promise<{ order: Order; line: Line }> {
  const today = todayInJohannesburg();
  // Asked for by delivery date (`sd`, `ed`), so that the page of a hundred holds them whatever the day: the
  // demo's showcase orders are spread over the month, and newest first among all the status's orders they can
  // fall behind a hundred newer ones late in a month (the month's own and the journeys').
  const dates = when === 'today' ? { sd: today, ed: today } : { sd: addDays(today, 1) };
  const { data } = await listOrders(page, { filter: status, ...dates, s: 'created_at', d: 'desc' });
  const matches = data
    .filter((o) => (when === 'today' ? o.deliveryDate === today : (o.deliveryDate ?? '') > today))
    .map((o) => ({ order: o, line: lineOf(o, partnerName, status) }))
    .filter((m): m is { order: Order; line: Line } => m.line !== undefined)
    .sort((a, b) => a.order.id - b.order.id);
  const found = pick === 'lowest' ? matches[0] : matches[matches.length - 1];
  expect(found, `an order of ${partnerName}, ${status}, delivering ${when}`).toBeTruthy();
  return found!;
}

/** The order row of a list, found by its View link ('View order #BL10001'). */
export const viewLink = (page: Page, orderName: string) =>
  page.getByRole('link', { name: `View order ${orderName}`, exact: true });

/** A titled panel of the order page ('Order', 'Items', 'History' …). */
export const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The value of a labelled fact ('Delivery date', 'Partner' …) of a panel or item. */
export const fact = (scope: Locator, label: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt').getByText(label, { exact: true }) })
    .locator('dd');

/** The status badge of the order panel. */
export const orderStatus = (page: Page) => section(page, 'Order').locator('[data-status]');

/** One item of the order page by its title. */
export const lineCard = (page: Page, title: string) =>
  section(page, 'Items').getByRole('article', { name: title, exact: true });

/** Waits until the order page has loaded the order named. */
export async function expectOrderPage(page: Page, orderName: string) {
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderName}` })).toBeVisible();
}

/** Nothing on the page scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  // Polled: right after a resize the layout of the other width may still be torn down for a frame (a menu of the
  // desktop bar closing); what stays too wide fails.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'sideways page scroll in px',
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(0);
}

/** The names of the orders a list shows, in order. */
export async function shownOrderNames(list: Locator): Promise<string[]> {
  const links = list.getByRole('link', { name: /^View order / });
  const names = await links.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  return names.map((n) => n.replace(/^View\s*order\s*/, '').trim());
}

/** The staff order page draws a map from an outside tile server; the tests do without the tiles. */
export async function blockMapTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

/** POST as the signed-in user of `page` (the CSRF header the web client sends), answering status and body. */
export async function apiPostJson<T>(
  page: Page,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(path, {
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
    },
    ...(body === undefined ? {} : { data: body }),
  });
  return { status: response.status(), body: (await response.json().catch(() => null)) as T };
}

/** An active product's first variant, as staff read the catalogue: what a shop's order names. */
export async function someVariant(page: Page): Promise<{ id: number; title: string; price: number }> {
  const { data } = await apiGet<{
    data: { title: string; variants: { id: number; title: string; price: number }[] }[];
  }>(page, '/api/products', { status: 'active', per_page: 1, s: 'title', d: 'asc' });
  const product = data[0]!;
  return { ...product.variants[0]!, title: product.title };
}

/** Kloof Street in Cape Town's city bowl, where both demo florists deliver. */
export const CITY_BOWL = { latitude: -33.9249, longitude: 18.4108 } as const;

/**
 * The shop sends an order through its door (issue 34): staff (signed in on `page`) make an API key, and the
 * order goes to `POST /api/intake/orders` with it. Its lines come in unassigned.
 */
export async function shopSendsOrder(
  page: Page,
  {
    recipient,
    lines = 1,
    deliveryDate = addDays(todayInJohannesburg(), 2),
    position,
  }: {
    recipient: { firstName: string; lastName: string };
    lines?: number;
    deliveryDate?: string;
    /** The delivery point's coordinates; without them no partner counts as local. */
    position?: { latitude: number; longitude: number };
  },
): Promise<Order> {
  const made = await apiPostJson<{ data: { key: string } }>(page, '/api/api-keys', {
    name: `Shop ${recipient.lastName}`,
  });
  expect(made.status, 'POST /api/api-keys').toBe(201);
  const variant = await someVariant(page);
  const response = await page.request.post('/api/intake/orders', {
    headers: { Authorization: `Bearer ${made.body.data.key}`, Accept: 'application/json' },
    data: {
      externalId: `E2E-${recipient.lastName}-${String(Date.now())}`,
      source: 'web',
      paymentType: 'card',
      customer: { name: `${recipient.firstName} ${recipient.lastName}`, email: 'shop.e2e@example.com' },
      recipient: {
        ...recipient,
        phone: '+27 82 555 0100',
        address1: '1 Kloof Street',
        city: 'Cape Town',
        ...position,
      },
      deliveryDate,
      deliveryFee: 99,
      lines: Array.from({ length: lines }, () => ({
        productVariantId: variant.id,
        quantity: 1,
        value: variant.price,
      })),
    },
  });
  expect(response.status(), 'POST /api/intake/orders').toBe(201);
  return ((await response.json()) as { data: Order }).data;
}

/**
 * An order of a journey's own, open for `partnerName`: the shop sends it through its door and staff, in a
 * browser of their own, give its line to the partner (npm run demo:new-order's path). The recipient's surname
 * is the journey's alone, so the journey can find the order by it however many orders the others make.
 */
export async function shopOrderFor(
  browser: Browser,
  { partnerName, lastName, deliveryDate }: { partnerName: string; lastName: string; deliveryDate?: string },
): Promise<{ order: Order; line: Line }> {
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const staff = await staffContext.newPage();
    await signIn(staff, STAFF);
    const sent = await shopSendsOrder(staff, {
      recipient: { firstName: 'Thandi', lastName },
      position: CITY_BOWL,
      ...(deliveryDate === undefined ? {} : { deliveryDate }),
    });
    const { data: partners } = await apiGet<{ data: Partner[] }>(staff, '/api/partners', { q: partnerName });
    const partner = partners.find((p) => p.name === partnerName);
    expect(partner, `the partner ${partnerName}`).toBeTruthy();
    const assigned = await apiPostJson(staff, `/api/reassign-order-line/${String(sent.lines[0]!.id)}`, {
      partner_id: partner!.id,
    });
    expect(assigned.status).toBe(200);
    const order = await getOrder(staff, sent.id);
    return { order, line: order.lines[0]! };
  } finally {
    await staffContext.close();
  }
}

/** An open order for the demo florist's shop (Kloof Street), to the demo command's recipient. */
export async function shopOrderForFlorist(browser: Browser): Promise<{ id: number; name: string }> {
  // The demo command's recipient, which the journeys search their list for.
  return (await shopOrderFor(browser, { partnerName: KLOOF, lastName: 'Demo' })).order;
}

/** Types into a list's search box and waits for the address to carry it (the box waits 500 ms). */
export async function searchOrders(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search orders' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

/** A surname that is this run's and this journey's alone (letters only: the search box takes it whole). */
export const uniqueSurname = (prefix: string) =>
  `${prefix}${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
