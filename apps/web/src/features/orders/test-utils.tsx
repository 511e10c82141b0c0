import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';

import type { CurrentUser, OrderDetail, OrderLine, OrderSummary, PageMeta } from '@bloomline/contract';
import { buildPageMeta } from '@bloomline/contract';

import { SessionContext } from '@/session/session-context';
import { renderUi } from '@/test/render';

/** Test-only helpers for the orders area: users, fixtures, a fetch stub and a render with providers. */

const baseUser: Omit<CurrentUser, 'isStaff' | 'partner' | 'role'> = {
  id: 1,
  name: 'Thandi',
  email: 'thandi@example.com',
  phoneNumber: null,
  enabled: true,
  permissions: { authenticateXero: false, manageXero: false, partnerStatements: false },
  settings: { vat: 0.15 },
  features: { statements: true },
};

export const staffUser: CurrentUser = {
  ...baseUser,
  isStaff: true,
  partner: null,
  role: { id: 2, name: 'Staff', slug: 'staff' },
};

export const partnerUser: CurrentUser = {
  ...baseUser,
  id: 2,
  isStaff: false,
  partner: { id: 7, name: 'Petals & Co', partnerType: 'florist', enabled: true },
  role: { id: 1, name: 'Partner', slug: 'partner' },
};

export function orderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 11,
    title: 'Pink rose bouquet',
    quantity: 1,
    value: 450,
    status: 'open',
    partner: { id: 7, name: 'Petals & Co' },
    productVariantId: 3,
    returns: [],
    hasRefund: false,
    product_components: ['12 x Pink rose - stem (Pink)'],
    giftMessage: 'Happy birthday!',
    customName: null,
    image: null,
    variantTitle: 'Large',
    ...overrides,
  };
}

export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 1,
    name: '#BL10234',
    status: 'open',
    created_at: '2024-01-05T08:30:00.000Z',
    deliveryDate: '2024-01-08',
    isCollection: false,
    firstName: 'Lerato',
    lastName: 'Mokoena',
    phone: '082 555 0101',
    company: null,
    address1: '12 Jacaranda Street',
    address2: null,
    city: 'Pretoria',
    country: 'South Africa',
    postalCode: '0181',
    latitude: null,
    longitude: null,
    deliveryFee: 95,
    totalValue: 1234.5,
    hasRefund: false,
    hasReturn: false,
    notes: null,
    onPay: 1032.5,
    lines: [orderLine()],
    ...overrides,
  };
}

export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...orderSummary(),
    lines: [orderLine()],
    adjustments: [],
    extra: null,
    ...overrides,
  };
}

export const pageOf = <T,>(data: T[], page = 1): { data: T[]; meta: PageMeta } => ({
  data,
  meta: buildPageMeta({ page, perPage: 15, total: data.length, path: '/api/orders' }),
});

type Reply = { status?: number; body?: unknown };
/** Answers a request: the reply for its method and path, or 404. */
export type Handler = (url: URL, init: RequestInit) => Reply | undefined;

/** The address a fetch call was given, as a string. */
export const urlOf = (input: string | URL | Request): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The JSON body a fetch call sent. */
export const bodyOf = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

/** Stubs fetch with JSON replies; the returned spy records every call. */
export function stubApi(handler: Handler) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const reply = handler(url, init) ?? { status: 404, body: { message: 'Not Found' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

/** The calls a stub saw, as 'METHOD /path?query'. */
export const callsOf = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls.map(([input, init]) => {
    const url = new URL(urlOf(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });

/** Renders inside theme, router (at `route`, matched by `path`), a fresh query client and a session. */
export function renderOrders(
  ui: ReactElement,
  { user = staffUser, route = '/', path = '*' }: { user?: CurrentUser; route?: string; path?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const session = {
    user,
    signIn: async () => undefined,
    signOut: async () => undefined,
    refresh: async () => user,
  };
  const result = renderUi(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <Routes>
          <Route path={path} element={ui} />
        </Routes>
      </SessionContext.Provider>
    </QueryClientProvider>,
    { route },
  );
  return { ...result, queryClient };
}
