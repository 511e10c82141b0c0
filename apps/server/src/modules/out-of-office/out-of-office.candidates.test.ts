import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { OfflineTime, PartnerCandidate } from '@bloomline/contract';

import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';

// The periods a partner keeps through this API decide the reassign candidates (shared/partner-away.ts):
// an enabled period covering the delivery date keeps the partner out; a disabled one, or one that ends the
// day before or starts the day after, does not.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let lineId: number;
const DELIVERY_DAY = '2036-11-18';

const periods = () => `/api/partners/${String(h.fixtures.partnerA.id)}/offline-times`;
const candidateNames = async () => {
  const res = await staff.get(`/api/order-lines/${String(lineId)}/partners`);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: PartnerCandidate[] }>().data.map((c) => c.partner.name);
};
const add = async (startDate: string, endDate: string) => {
  const res = await partnerA.form(periods(), { startDate, endDate });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: OfflineTime }>().data;
};
const setEnabled = async (period: OfflineTime, enabled: boolean) => {
  const res = await partnerA.form(`${periods()}/${String(period.id)}`, {
    startDate: period.startDate,
    endDate: period.endDate,
    enabled,
    _method: 'PUT',
  });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA } = await h.signedIn('10.11.4'));
  const order = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }], {
    deliveryDate: DELIVERY_DAY,
  });
  lineId = order.lineIds[0]!;
});
afterAll(() => h.close());

describe('out-of-office periods and the reassign candidates', () => {
  it('counts a partner in while no period covers the delivery date', async () => {
    await add('2036-11-10', '2036-11-17');
    await add('2036-11-19', '2036-11-25');
    expect(await candidateNames()).toEqual(['Protea Petals', 'Fynbos & Co']);
  });

  it('keeps them out while an enabled period covers it, and in again once it is disabled or deleted', async () => {
    const covering = await add(DELIVERY_DAY, DELIVERY_DAY);
    expect(await candidateNames()).toEqual(['Fynbos & Co']);

    await setEnabled(covering, false);
    expect(await candidateNames()).toEqual(['Protea Petals', 'Fynbos & Co']);

    await setEnabled(covering, true);
    expect(await candidateNames()).toEqual(['Fynbos & Co']);

    expect((await partnerA.delete(`${periods()}/${String(covering.id)}`)).statusCode).toBe(204);
    expect(await candidateNames()).toEqual(['Protea Petals', 'Fynbos & Co']);
  });
});
