import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';

import type { CurrentUser, OrderDetail, OrderLine, OrderSummary, PageMeta } from '@bloomline/contract';

import { pageOf as pageOfList } from '@/test/api-stub';
import { renderApp } from '@/test/render';
import { staffUser } from '@/test/users';

export { bodyOf, callsOf, stubApi, urlOf, type Handler } from '@/test/api-stub';
export { partnerUser, staffUser } from '@/test/users';

/** Test-only fixtures of the orders area; the generic helpers live in src/test. */

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
    refunds: [],
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
    locationApproximate: false,
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

export const pageOf = <T,>(data: T[], page = 1): { data: T[]; meta: PageMeta } =>
  pageOfList(data, { page, path: '/api/orders' });

/** Renders inside theme, router (at `route`, matched by `path`), a fresh query client and a session. */
export function renderOrders(
  ui: ReactElement,
  {
    user = staffUser,
    route = '/',
    path = '*',
    queryClient,
  }: { user?: CurrentUser; route?: string; path?: string; queryClient?: QueryClient } = {},
) {
  return renderApp(ui, { user, history: [route], path, queryClient });
}
