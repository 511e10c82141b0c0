import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { OrderDetail, OrderSummary } from '@bloomline/contract';

import { auditEntries, customerCompanies, companies, orderHistory } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { phoneBody } from '../../test/intake-fixtures';
import { createCatalogue } from '../../test/products-fixtures';

// Staff take an order by phone (issue 34): POST /api/orders, with the session and CSRF token of every staff call.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let variants: number[];
type Errors = { message: string; errors: Record<string, string[]> };

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.36.0'));
  const catalogue = await createCatalogue(h.database.db, {
    a: h.fixtures.partnerA.id,
    b: h.fixtures.partnerB.id,
  });
  variants = [catalogue.variants.hamper.id];
});
afterAll(async () => h.close());

describe('a phone order', () => {
  it('is made by staff, named after them, and lands unassigned', async () => {
    const [company] = await h.database.db.insert(companies).values({ name: 'Acme Funerals' }).returning();
    const res = await staff.post(
      '/api/orders',
      phoneBody(variants, {
        companyId: company!.id,
        isCollection: true,
        deliveryFee: '0',
        lines: [{ productVariantId: variants[0], quantity: 3, value: '599,90', customName: 'For Gogo' }],
      }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json<{ data: OrderDetail }>().data;
    // 599,90 × 3, worked by hand.
    expect(order.totalValue).toBe(1799.7);
    expect(order.isCollection).toBe(true);
    expect(order.extra).toMatchObject({ source: 'phone', companyName: 'Acme Funerals' });
    expect(order.lines[0]).toMatchObject({
      title: 'sunflower Hamper',
      customName: 'For Gogo',
      partner: null,
    });
    const history = await h.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history.map((e) => [e.message, e.userId])).toEqual([
      [`Order ${order.name} placed by Ada Admin with 1 item`, h.fixtures.staff.id],
    ]);
    const [audit] = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'order'), eq(auditEntries.propertyId, order.id)));
    expect(audit!.userId).toBe(h.fixtures.staff.id);
    // The buyer is linked to the company they ordered for.
    const links = await h.database.db
      .select()
      .from(customerCompanies)
      .where(eq(customerCompanies.companyId, company!.id));
    expect(links).toHaveLength(1);
    const list = (await staff.get('/api/orders?filter=unassigned')).json<{ data: OrderSummary[] }>();
    expect(list.data[0]!.id).toBe(order.id);
  });

  it('refuses what the form refuses, under each field', async () => {
    const res = await staff.post(
      '/api/orders',
      phoneBody(variants, {
        recipient: { firstName: '', lastName: 'N', phone: '12', address1: 'x', city: 'C' },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({
      'recipient.firstName': ['First name is required.'],
      'recipient.phone': ['Phone is not in the right format.'],
    });
  });

  it('is staff only: 403 for partner users, 401 signed out, 419 without the CSRF token', async () => {
    expect((await partnerA.post('/api/orders', phoneBody(variants))).statusCode).toBe(403);
    expect((await partnerB.post('/api/orders', phoneBody(variants))).statusCode).toBe(403);
    const guest = h.client('10.36.9.9');
    await guest.csrf();
    expect((await guest.post('/api/orders', phoneBody(variants))).statusCode).toBe(401);
    expect(
      (await staff.post('/api/orders', phoneBody(variants), { 'x-xsrf-token': 'wrong' })).statusCode,
    ).toBe(419);
  });
});
