import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CurrentUser, Repriced, VatPreview, VatRate } from '@bloomline/contract';

import { auditEntries } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { changedIds, expectedPrices, priceSnapshot } from '../../test/price-reference';
import { seedTestCatalogue } from '../../test/seeded-catalogue';

// The VAT setting: read by anyone signed in, changed by staff only; a new rate reprices every component
// rate and variant of the demo catalogue, checked against prices computed with the contract's functions.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let guest: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };
const auditCount = async () => (await h.database.db.select({ n: count() }).from(auditEntries))[0]!.n;

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.4'));
  guest = h.client('10.9.4.9');
  await guest.csrf();
  await seedTestCatalogue(h.database.db);
});
afterAll(() => h.close());

describe('GET /api/settings/vat', () => {
  it('answers the rate to anyone signed in', async () => {
    for (const client of [staff, partnerA, partnerB]) {
      const res = await client.get('/api/settings/vat');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: VatRate }>()).toEqual({ data: { vat: 0.15 } });
    }
    expect((await guest.get('/api/settings/vat')).statusCode).toBe(401);
  });
});

// Issue 46: the screen asks before saving, naming what the new rate reprices; the counts are the save's own.
describe('GET /api/settings/vat/preview', () => {
  it('counts what the save would reprice, changing and recording nothing; staff only; 422 under vat', async () => {
    const before = { prices: await priceSnapshot(h.database.db), audit: await auditCount() };
    const expected = expectedPrices(before.prices, { vat: 0.16 });
    const res = await staff.get('/api/settings/vat/preview?vat=0.16');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: VatPreview }>().data).toEqual({
      vat: 0.16,
      current: 0.15,
      repriced: {
        rates: changedIds(before.prices.rates, expected.rates).length,
        variants: changedIds(before.prices.variants, expected.variants).length,
      },
    });
    expect(await priceSnapshot(h.database.db)).toEqual(before.prices);
    expect(await auditCount()).toBe(before.audit);
    expect((await staff.get('/api/settings/vat/preview?vat=0.15')).json<{ data: VatPreview }>().data).toEqual(
      {
        vat: 0.15,
        current: 0.15,
        repriced: { rates: 0, variants: 0 },
      },
    );
    expect((await partnerA.get('/api/settings/vat/preview?vat=0.16')).statusCode).toBe(403);
    expect((await guest.get('/api/settings/vat/preview?vat=0.16')).statusCode).toBe(401);
    const bad = await staff.get('/api/settings/vat/preview?vat=1.5');
    expect(bad.statusCode).toBe(422);
    expect(bad.json<Errors>().errors).toEqual({ vat: ['VAT must be between 0 % and 100 %.'] });
  });
});

describe('PUT /api/settings/vat', () => {
  it('is staff only and refuses a rate out of bounds, changing nothing', async () => {
    const before = { prices: await priceSnapshot(h.database.db), audit: await auditCount() };
    expect((await partnerA.put('/api/settings/vat', { vat: 0.16 })).statusCode).toBe(403);
    expect((await partnerB.put('/api/settings/vat', { vat: 0.16 })).statusCode).toBe(403);
    expect((await guest.put('/api/settings/vat', { vat: 0.16 })).statusCode).toBe(401);
    const cases: [unknown, string][] = [
      [{ vat: 1.5 }, 'VAT must be between 0 % and 100 %.'],
      [{ vat: -0.01 }, 'VAT must be between 0 % and 100 %.'],
      [{ vat: 'fifteen' }, 'VAT must be a number.'],
      [{}, 'VAT is required.'],
    ];
    for (const [sent, message] of cases) {
      const res = await staff.put('/api/settings/vat', sent);
      expect(res.statusCode, JSON.stringify(sent)).toBe(422);
      expect(res.json<Errors>().errors).toEqual({ vat: [message] });
    }
    expect(await priceSnapshot(h.database.db)).toEqual(before.prices);
    expect(await auditCount()).toBe(before.audit);
  });

  it('a new rate reprices every rate and variant, is audited and shows in /api/me', async () => {
    const before = await priceSnapshot(h.database.db);
    const expected = expectedPrices(before, { vat: 0.16 });
    const audits = await auditCount();
    const res = await staff.put('/api/settings/vat', { vat: '0.16' });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ data: VatRate; repriced: Repriced }>();
    expect(answer.data).toEqual({ vat: 0.16 });

    const after = await priceSnapshot(h.database.db);
    expect(after.vat).toBe(0.16);
    expect(after.rates).toEqual(expected.rates);
    expect(after.variants).toEqual(expected.variants);
    const rates = changedIds(before.rates, after.rates);
    const variants = changedIds(before.variants, after.variants);
    expect(rates.length).toBeGreaterThan(before.rates.size * 0.9);
    expect(answer.repriced).toEqual({ rates: rates.length, variants: variants.length });
    expect(await auditCount()).toBe(audits + 1 + rates.length + variants.length);
    const [entry] = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.propertyType, 'setting'));
    expect(entry).toMatchObject({
      userId: h.fixtures.staff.id,
      event: 'updated',
      message: 'VAT changed from 15% to 16%.',
      propertyId: null,
      oldValues: { vat: 0.15 },
      newValues: { vat: 0.16 },
    });

    for (const client of [staff, partnerA]) {
      const me = (await client.get('/api/me')).json<{ data: CurrentUser }>().data;
      expect(me.settings.vat).toBe(0.16);
    }
  });

  it('the same rate again changes and records nothing', async () => {
    const audits = await auditCount();
    const res = await staff.put('/api/settings/vat', { vat: 0.16 });
    expect(res.json<{ data: VatRate; repriced?: Repriced }>()).toEqual({ data: { vat: 0.16 } });
    expect(await auditCount()).toBe(audits);
  });
});
