import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ratePrice, toRand } from '@bloomline/contract';
import type { ComponentRate } from '@bloomline/contract';

import { auditEntries, componentRates, components, profitCentres } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { changedIds, expectedPrices, priceSnapshot } from '../../test/price-reference';
import { seedTestCatalogue } from '../../test/seeded-catalogue';
import { DUPLICATE_RATE, inUseMessage } from './component-rates.service';

// A component's rates as staff, as partner users (403) and signed out (401): list, add, set (PUT on the
// collection), change and delete, each 422, the 404s and the 409 of a rate in use; the server prices every
// rate itself and reprices the variants built on it, checked against the contract's functions.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let guest: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };
type Data = { data: ComponentRate };
const WEB = 1;
const VAT = 0.15;
/** A component without rates, and two centres: one with a default markup, one without. */
let bare: { id: number; wholesaleCents: number };
let kiosk: number;
let noDefault: number;
let redRose: number;

const ratesUrl = (componentId: number, rateId?: number) =>
  `/api/components/${String(componentId)}/rates${rateId === undefined ? '' : `/${String(rateId)}`}`;
const ratesOf = async (componentId: number) =>
  (await staff.get(ratesUrl(componentId))).json<{ data: ComponentRate[] }>().data;
const auditCount = async () => (await h.database.db.select({ n: count() }).from(auditEntries))[0]!.n;
const rateCount = async () => (await h.database.db.select({ n: count() }).from(componentRates))[0]!.n;
const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'component rate'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);
const priced = (wholesaleCents: number, markup: number, rebate: number) => {
  const p = ratePrice({ wholesaleCents, markup, vat: VAT, rebate });
  return { vat: toRand(p.vatCents), price: toRand(p.priceCents) };
};

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.3'));
  guest = h.client('10.9.3.9');
  await guest.csrf();
  await seedTestCatalogue(h.database.db);
  const db = h.database.db;
  const [c] = await db
    .insert(components)
    .values({ name: 'Proteas of the test', wholesaleExclVatCents: 1234 })
    .returning();
  bare = { id: c!.id, wholesaleCents: 1234 };
  const centres = await db
    .insert(profitCentres)
    .values([
      { name: 'Kiosk', defaultMarkup: '0.6000', defaultAutoUpdate: true, rebate: '0.0500' },
      { name: 'Bare centre', defaultMarkup: null, rebate: '0.0000' },
    ])
    .returning();
  kiosk = centres[0]!.id;
  noDefault = centres[1]!.id;
  redRose = (await db.select().from(components).where(eq(components.name, 'Red rose')))[0]!.id;
});
afterAll(() => h.close());

describe('GET /api/components/{id}/rates', () => {
  it("lists the component's rates by profit centre name, with what uses them", async () => {
    const res = await staff.get(ratesUrl(redRose));
    expect(res.statusCode).toBe(200);
    const rates = res.json<{ data: ComponentRate[] }>().data;
    expect(rates.map((r) => r.profitCentre.name)).toEqual([
      'AVBOB',
      'Corporate',
      'In-store',
      'Web',
      'Wholesale',
    ]);
    const web = rates.find((r) => r.profit_centre_id === WEB)!;
    const [component] = await h.database.db.select().from(components).where(eq(components.id, redRose));
    expect(web).toEqual({
      id: expect.any(Number) as number,
      component_id: redRose,
      profit_centre_id: WEB,
      profitCentre: { id: WEB, name: 'Web', rebate: 0, default_markup: 1.1 },
      component: {
        id: redRose,
        name: 'Red rose',
        wholesale_excl_vat: toRand(component!.wholesaleExclVatCents),
      },
      markup: 1.1,
      auto_update: true,
      ...priced(component!.wholesaleExclVatCents, 1.1, 0),
      rebate: 0,
      variantsCount: expect.any(Number) as number,
    });
    expect(web.variantsCount).toBeGreaterThan(0);
    expect(rates.find((r) => r.profitCentre.name === 'Wholesale')!.variantsCount).toBe(0);
  });

  it('is an empty list for a component without rates and 404 for no component', async () => {
    expect(await ratesOf(bare.id)).toEqual([]);
    expect((await staff.get(ratesUrl(999999))).statusCode).toBe(404);
    expect((await staff.get('/api/components/x/rates')).statusCode).toBe(404);
  });

  it('is staff only', async () => {
    expect((await partnerA.get(ratesUrl(redRose))).statusCode).toBe(403);
    expect((await partnerB.get(ratesUrl(redRose))).statusCode).toBe(403);
    expect((await guest.get(ratesUrl(redRose))).statusCode).toBe(401);
  });
});

describe('POST /api/components/{id}/rates', () => {
  it('adds an auto-updating rate: the markup is the centre default and the server prices it', async () => {
    const res = await staff.post(ratesUrl(bare.id), {
      profit_centre_id: kiosk,
      auto_update: true,
      markup: 3,
      vat: 999,
      price: 1,
      rebate: 0.5,
    });
    expect(res.statusCode).toBe(201);
    const rate = res.json<Data>().data;
    expect(rate).toMatchObject({
      component_id: bare.id,
      profit_centre_id: kiosk,
      markup: 0.6,
      auto_update: true,
      rebate: 0.05,
      ...priced(bare.wholesaleCents, 0.6, 0.05),
      variantsCount: 0,
    });
    // By hand: 12.34 × 1.6 = 19.744; VAT 2.9616 → 2.96; (19.744 + 2.9616) ÷ 0.95 = 23.9006 → 23.90.
    expect(rate).toMatchObject({ vat: 2.96, price: 23.9 });
    const entries = await auditOf(rate.id);
    expect(entries.at(-1)).toMatchObject({
      event: 'created',
      userId: h.fixtures.staff.id,
      message: 'Component rate of Proteas of the test in Kiosk created.',
      newValues: {
        profit_centre_id: kiosk,
        markup: 0.6,
        auto_update: true,
        rebate: 0.05,
        vat: 2.96,
        price: 23.9,
      },
    });
  });

  it("refuses each bad input in Laravel's words and writes nothing", async () => {
    const before = { audit: await auditCount(), rates: await rateCount() };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ profit_centre_id: kiosk, auto_update: true }, { profit_centre_id: [DUPLICATE_RATE] }],
      [{ profit_centre_id: 999999, markup: 0.5 }, { profit_centre_id: ['Choose a valid profit centre.'] }],
      [{ markup: 0.5 }, { profit_centre_id: ['Choose a profit centre.'] }],
      [
        { profit_centre_id: 'web', markup: 0.5 },
        { profit_centre_id: ['Profit centre must be a whole number.'] },
      ],
      [
        { profit_centre_id: noDefault, auto_update: true },
        {
          auto_update: ['Auto update cannot be on: the profit centre Bare centre has no default markup.'],
        },
      ],
      [
        { profit_centre_id: noDefault, auto_update: false, markup: '' },
        { markup: ['Markup is required when auto update is off.'] },
      ],
      [{ profit_centre_id: noDefault, markup: 10.5 }, { markup: ['Markup must be between 0 % and 1000 %.'] }],
      [{ profit_centre_id: noDefault, markup: -1 }, { markup: ['Markup must be between 0 % and 1000 %.'] }],
      [{ profit_centre_id: noDefault, markup: 0.5, price: 'free' }, { price: ['Price must be a number.'] }],
    ];
    for (const [sent, errors] of cases) {
      const res = await staff.post(ratesUrl(bare.id), sent);
      expect(res.statusCode, JSON.stringify(sent)).toBe(422);
      expect(res.json<Errors>().errors).toEqual(errors);
    }
    expect(await auditCount()).toBe(before.audit);
    expect(await rateCount()).toBe(before.rates);
  });

  it('two adds of the same rate at once: one is created, the other refused', async () => {
    const [other] = await h.database.db
      .insert(components)
      .values({ name: 'Raced component', wholesaleExclVatCents: 500 })
      .returning();
    const sent = { profit_centre_id: noDefault, markup: 0.4 };
    const answers = await Promise.all([
      staff.post(ratesUrl(other!.id), sent),
      staff.post(ratesUrl(other!.id), sent),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(await ratesOf(other!.id)).toHaveLength(1);
  });

  it('is 404 for no component, staff only', async () => {
    const sent = { profit_centre_id: noDefault, markup: 0.5 };
    expect((await staff.post(ratesUrl(999999), sent)).statusCode).toBe(404);
    expect((await partnerA.post(ratesUrl(bare.id), sent)).statusCode).toBe(403);
    expect((await partnerB.post(ratesUrl(bare.id), sent)).statusCode).toBe(403);
    expect((await guest.post(ratesUrl(bare.id), sent)).statusCode).toBe(401);
  });
});

describe('PUT /api/components/{id}/rates (the rate in the body’s profit centre)', () => {
  it('creates it (201) when the component has none there, changes it (200) after', async () => {
    const created = await staff.put(ratesUrl(bare.id), { profit_centre_id: noDefault, markup: 0.5 });
    expect(created.statusCode).toBe(201);
    const rate = created.json<Data>().data;
    expect(rate).toMatchObject({ markup: 0.5, auto_update: false, rebate: 0, ...priced(1234, 0.5, 0) });
    const changed = await staff.put(ratesUrl(bare.id), { profit_centre_id: noDefault, markup: '0.75' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Data>().data).toMatchObject({ id: rate.id, markup: 0.75, ...priced(1234, 0.75, 0) });
    expect((await auditOf(rate.id)).at(-1)).toMatchObject({
      event: 'updated',
      oldValues: { markup: 0.5, price: rate.price },
      newValues: { markup: 0.75 },
    });
  });

  it('refuses a centre that does not exist and is staff only', async () => {
    const res = await staff.put(ratesUrl(bare.id), { profit_centre_id: 999999, markup: 0.5 });
    expect(res.json<Errors>().errors).toEqual({
      profit_centre_id: ['Choose a valid profit centre.'],
    });
    expect((await staff.put(ratesUrl(999999), { profit_centre_id: kiosk, markup: 1 })).statusCode).toBe(404);
    expect((await partnerA.put(ratesUrl(bare.id), { profit_centre_id: kiosk })).statusCode).toBe(403);
    expect((await guest.put(ratesUrl(bare.id), { profit_centre_id: kiosk })).statusCode).toBe(401);
  });
});

describe('PUT /api/components/{id}/rates/{rateId}', () => {
  it('a new markup reprices the rate and every variant built on it', async () => {
    const web = (await ratesOf(redRose)).find((r) => r.profit_centre_id === WEB)!;
    const before = await priceSnapshot(h.database.db);
    // The reference: the same rate with its own markup, everything else as it was.
    const inputs = structuredClone(before);
    inputs.rates.set(web.id, { ...inputs.rates.get(web.id)!, autoUpdate: false, markup: 1.5 });
    const expected = expectedPrices(inputs, {});
    const audits = await auditCount();

    const res = await staff.put(ratesUrl(redRose, web.id), {
      profit_centre_id: WEB,
      auto_update: false,
      markup: 1.5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Data>().data).toMatchObject({ id: web.id, markup: 1.5, auto_update: false });
    const after = await priceSnapshot(h.database.db);
    expect(after.rates).toEqual(expected.rates);
    expect(after.variants).toEqual(expected.variants);
    const variants = changedIds(before.variants, after.variants);
    expect(variants.length).toBe(web.variantsCount);
    expect(changedIds(before.rates, after.rates)).toEqual([web.id]);
    // The rate's change, its repricing, and one entry per repriced variant.
    expect(await auditCount()).toBe(audits + 2 + variants.length);
    expect((await auditOf(web.id)).at(-1)).toMatchObject({
      event: 'updated',
      oldValues: { markup: 1.1, auto_update: true, price: web.price },
      newValues: { markup: 1.5, auto_update: false },
    });
  });

  it('turning auto update back on takes the centre default again', async () => {
    const web = (await ratesOf(redRose)).find((r) => r.profit_centre_id === WEB)!;
    const res = await staff.put(ratesUrl(redRose, web.id), { profit_centre_id: WEB, auto_update: true });
    expect(res.json<Data>().data).toMatchObject({ markup: 1.1, auto_update: true });
  });

  it('keeps a rate in its profit centre, and a refused change writes nothing', async () => {
    const web = (await ratesOf(redRose)).find((r) => r.profit_centre_id === WEB)!;
    const before = { snapshot: await priceSnapshot(h.database.db), audit: await auditCount() };
    const moved = await staff.put(ratesUrl(redRose, web.id), { profit_centre_id: kiosk, markup: 1 });
    expect(moved.statusCode).toBe(422);
    expect(moved.json<Errors>().errors).toEqual({
      profit_centre_id: [
        'The profit centre of a component rate cannot be changed: add a rate in the other profit centre.',
      ],
    });
    const bad = await staff.put(ratesUrl(redRose, web.id), { profit_centre_id: WEB, markup: 11 });
    expect(bad.statusCode).toBe(422);
    expect(await priceSnapshot(h.database.db)).toEqual(before.snapshot);
    expect(await auditCount()).toBe(before.audit);
  });

  it("is 404 for another component's rate or none, staff only", async () => {
    const web = (await ratesOf(redRose)).find((r) => r.profit_centre_id === WEB)!;
    const sent = { profit_centre_id: WEB, auto_update: true };
    expect((await staff.put(ratesUrl(bare.id, web.id), sent)).statusCode).toBe(404);
    expect((await staff.put(ratesUrl(redRose, 999999), sent)).statusCode).toBe(404);
    expect((await staff.put(`${ratesUrl(redRose)}/0x1`, sent)).statusCode).toBe(404);
    expect((await partnerA.put(ratesUrl(redRose, web.id), sent)).statusCode).toBe(403);
    expect((await partnerB.put(ratesUrl(redRose, web.id), sent)).statusCode).toBe(403);
    expect((await guest.put(ratesUrl(redRose, web.id), sent)).statusCode).toBe(401);
  });
});

describe('writes at the same time', () => {
  it("a rate's change and its profit centre's new markup wait for each other, and both land", async () => {
    const rates = (await ratesOf(redRose)).filter((r) => r.profit_centre_id === WEB);
    const centre = { name: 'Web', default_markup: 1.2, default_auto_update: true, rebate: 0 };
    const answers = await Promise.all([
      staff.put(`/api/profit-centres/${String(WEB)}`, centre),
      staff.put(ratesUrl(redRose, rates[0]!.id), { profit_centre_id: WEB, auto_update: true }),
      staff.put(ratesUrl(redRose), { profit_centre_id: WEB, auto_update: true }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const after = await priceSnapshot(h.database.db);
    expect(after.rates).toEqual(expectedPrices(after, {}).rates);
    expect(after.rates.get(rates[0]!.id)!.markup).toBe(1.2);
  });
});

describe('DELETE /api/components/{id}/rates/{rateId}', () => {
  it('refuses a rate that variants use with a 409 saying how many, and keeps it', async () => {
    const web = (await ratesOf(redRose)).find((r) => r.profit_centre_id === WEB)!;
    const audits = await auditCount();
    const res = await staff.delete(ratesUrl(redRose, web.id));
    expect(res.statusCode).toBe(409);
    expect(res.json<Errors>().message).toBe(inUseMessage(web.variantsCount));
    expect(inUseMessage(3)).toBe('This component rate cannot be deleted: it is used by 3 product variants.');
    expect(await ratesOf(redRose)).toContainEqual(web);
    expect(await auditCount()).toBe(audits);
  });

  it('deletes an unused rate with an audit entry; then it is gone (404)', async () => {
    const wholesale = (await ratesOf(redRose)).find((r) => r.profitCentre.name === 'Wholesale')!;
    expect((await staff.delete(ratesUrl(bare.id, wholesale.id))).statusCode).toBe(404);
    expect((await partnerA.delete(ratesUrl(redRose, wholesale.id))).statusCode).toBe(403);
    expect((await guest.delete(ratesUrl(redRose, wholesale.id))).statusCode).toBe(401);
    const res = await staff.delete(ratesUrl(redRose, wholesale.id));
    expect(res.statusCode).toBe(204);
    expect((await ratesOf(redRose)).map((r) => r.id)).not.toContain(wholesale.id);
    expect((await auditOf(wholesale.id)).at(-1)).toMatchObject({
      event: 'deleted',
      message: 'Component rate of Red rose in Wholesale deleted.',
      oldValues: { profit_centre_id: wholesale.profit_centre_id, price: wholesale.price },
      newValues: null,
    });
    expect((await staff.delete(ratesUrl(redRose, wholesale.id))).statusCode).toBe(404);
  });
});
