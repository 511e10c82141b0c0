import type { LightMyRequestResponse } from 'fastify';

import { addDaysTo, todayInJohannesburg } from '@bloomline/contract';
import type { NewApiKey, OrderDetail } from '@bloomline/contract';

import type { App } from '../app';
import { productVariants, products } from '../db/schema';
import type { TestClient } from './client';
import type { Harness } from './harness';

/** A valid order for the shop's door: `externalId` and the lines' variants are the caller's. */
export function intakeBody(externalId: string, variantIds: number[], more: Record<string, unknown> = {}) {
  return {
    externalId,
    source: 'web',
    paymentType: 'card',
    customer: { name: 'Lerato Dlamini', email: 'lerato@example.com', phone: '+27 82 555 0142' },
    recipient: {
      firstName: 'Naledi',
      lastName: 'Mokoena',
      phone: '+27 83 555 0199',
      address1: '14 Bree Street',
      city: 'Cape Town',
      postalCode: '8001',
      latitude: -33.9205,
      longitude: 18.4187,
    },
    deliveryDate: addDaysTo(todayInJohannesburg(), 1),
    deliveryFee: 99.5,
    notes: 'Ring the bell twice.',
    lines: variantIds.map((id, i) => ({
      productVariantId: id,
      quantity: i + 1,
      value: 450,
      giftMessage: i === 0 ? 'Happy birthday, Naledi!' : undefined,
    })),
    ...more,
  };
}

/** The staff order-entry body (the phone): the intake's without `externalId`. */
export function phoneBody(variantIds: number[], more: Record<string, unknown> = {}) {
  const { externalId: _externalId, ...body } = intakeBody('', variantIds, { source: 'phone', ...more });
  return body;
}

/** Makes an API key as staff (the screen's call), answering the key shown once; `more` names its shop or partner. */
export async function newKey(
  staff: TestClient,
  name = 'Web shop',
  more: { shop?: string; partnerId?: number } = {},
): Promise<NewApiKey> {
  const res = await staff.post('/api/api-keys', { name, ...more });
  if (res.statusCode !== 201) throw new Error(`could not make a key: ${res.statusCode} ${res.body}`);
  return res.json<{ data: NewApiKey }>().data;
}

/** The shop's client: no cookies, the key in the Authorization header. */
export function shop(app: App, key: string) {
  return {
    post: (body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
      app.inject({
        method: 'POST',
        url: '/api/intake/orders',
        headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...headers },
        payload: body as Record<string, unknown>,
      }),
    /** `GET /api/intake/orders/{externalId}`: the shop reads back an order it sent. */
    get: (externalId: string): Promise<LightMyRequestResponse> =>
      app.inject({
        method: 'GET',
        url: `/api/intake/orders/${encodeURIComponent(externalId)}`,
        headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
      }),
  };
}

/** An order of a product of its own sent through the shop's door with a new key: its lines come in unassigned. */
export async function sendShopOrder(h: Harness, staff: TestClient, lines: number): Promise<OrderDetail> {
  const tag = Math.random().toString(36).slice(2);
  const [product] = await h.database.db
    .insert(products)
    .values({ title: 'Protea posy', handle: `posy-${tag}` })
    .returning();
  const [variant] = await h.database.db
    .insert(productVariants)
    .values({ productId: product!.id, title: 'Standard' })
    .returning();
  const key = await newKey(staff, `Alerts shop ${tag}`);
  const res = await shop(h.app, key.key).post(
    intakeBody(
      `ALERT-${tag}`,
      Array.from({ length: lines }, () => variant!.id),
    ),
  );
  if (res.statusCode !== 201) throw new Error(`the shop's order was refused: ${res.statusCode} ${res.body}`);
  return res.json<{ data: OrderDetail }>().data;
}
