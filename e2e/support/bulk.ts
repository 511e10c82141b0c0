import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

import {
  addDays,
  apiGet,
  apiPostJson,
  CITY_BOWL,
  type Order,
  someVariant,
  todayInJohannesburg,
} from './orders';

export { uniqueSurname } from './orders';

/**
 * Orders of the many-at-once journeys (issue 40), each set made afresh through the shop's door with a surname
 * no other journey uses, so a journey's "select all" selects its own orders and nobody else's.
 */

/**
 * `count` orders of one line each sent by the shop (staff signed in on `page` make its key), delivering in two
 * days to a point in the city bowl of Cape Town, recipients `<first> <surname>`. Their lines come in unassigned.
 */
export async function shopSendsOrders(page: Page, count: number, surname: string): Promise<Order[]> {
  const key = await apiPostJson<{ data: { key: string } }>(page, '/api/api-keys', {
    name: `Shop ${surname}`,
  });
  expect(key.status, 'POST /api/api-keys').toBe(201);
  const variant = await someVariant(page);
  const orders: Order[] = [];
  for (let i = 0; i < count; i++) {
    const response = await page.request.post('/api/intake/orders', {
      headers: { Authorization: `Bearer ${key.body.data.key}`, Accept: 'application/json' },
      data: {
        externalId: `E2E-${surname}-${String(i)}`,
        source: 'web',
        paymentType: 'card',
        customer: { name: `Buyer ${surname}`, email: 'shop.e2e@example.com' },
        recipient: {
          firstName: ['Thandi', 'Sipho', 'Lerato', 'Johan', 'Ayesha'][i % 5]!,
          lastName: surname,
          phone: '+27 82 555 0100',
          address1: `${String(i + 1)} Kloof Street`,
          city: 'Cape Town',
          ...CITY_BOWL,
        },
        deliveryDate: addDays(todayInJohannesburg(), 2),
        deliveryFee: 99,
        lines: [{ productVariantId: variant.id, quantity: 1, value: variant.price }],
      },
    });
    expect(response.status(), 'POST /api/intake/orders').toBe(201);
    orders.push(((await response.json()) as { data: Order }).data);
  }
  return orders;
}

/** A partner's id by its name, as staff's picker finds it. */
export async function partnerNamed(page: Page, name: string): Promise<number> {
  const { data } = await apiGet<{ data: { id: number; name: string }[] }>(page, '/api/partners', { q: name });
  const found = data.find((p) => p.name === name);
  expect(found, `the partner ${name}`).toBeTruthy();
  return found!.id;
}

/** Staff give the orders' unassigned lines to a partner in one call (set-up for the partner's journey). */
export async function assignAll(page: Page, ids: number[], partnerId: number) {
  const res = await apiPostJson<{ data: { done: number[] } }>(page, '/api/orders/bulk', {
    action: 'assign',
    ids,
    partnerId,
  });
  expect(res.status, 'POST /api/orders/bulk').toBe(200);
  expect(res.body.data.done).toEqual(ids);
}
