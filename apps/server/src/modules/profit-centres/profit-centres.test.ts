import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ProfitCentre, ProfitCentreSaved } from '@bloomline/contract';

import { auditEntries, componentRates, profitCentres } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { changedIds, expectedPrices, priceSnapshot } from '../../test/price-reference';
import { seedTestCatalogue } from '../../test/seeded-catalogue';

// Profit centres as staff, as partner users (403) and signed out (401): the list, one, create and update
// with their 422s, and the cascade of a new default markup or rebate through the rates and variants of the
// demo catalogue, checked against prices computed here with the contract's functions.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let guest: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };
const WEB = 1;
const IN_STORE = 3;
const CORPORATE = 4;

const auditOf = (type: 'profit centre' | 'component rate' | 'product variant', id?: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.propertyType, type),
        id === undefined ? undefined : eq(auditEntries.propertyId, id),
      ),
    )
    .orderBy(auditEntries.id);
const auditCount = async () => (await h.database.db.select({ n: count() }).from(auditEntries))[0]!.n;
const centre = async (id: number) =>
  (await staff.get(`/api/profit-centres/${String(id)}`)).json<{ data: ProfitCentre }>().data;
const body = (c: ProfitCentre, change: Record<string, unknown> = {}) => ({
  name: c.name,
  default_markup: c.default_markup,
  default_auto_update: c.default_auto_update,
  rebate: c.rebate,
  ...change,
});

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.2'));
  guest = h.client('10.9.2.9');
  await guest.csrf();
  await seedTestCatalogue(h.database.db);
});
afterAll(() => h.close());

describe('GET /api/profit-centres', () => {
  it('lists every centre by name with its fractions and how many rates it prices', async () => {
    const res = await staff.get('/api/profit-centres');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: ProfitCentre[] }>().data;
    expect(list.map((c) => c.name)).toEqual(['AVBOB', 'Corporate', 'In-store', 'Web', 'Wholesale']);
    const [row] = await h.database.db
      .select({ n: count() })
      .from(componentRates)
      .where(eq(componentRates.profitCentreId, WEB));
    const rates = row!.n;
    expect(list.find((c) => c.id === WEB)).toEqual({
      id: WEB,
      name: 'Web',
      default_markup: 1.1,
      default_auto_update: true,
      rebate: 0,
      ratesCount: rates,
    });
    expect(list.find((c) => c.id === CORPORATE)).toMatchObject({ default_markup: 1, rebate: 0.1 });
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/profit-centres')).statusCode).toBe(403);
    expect((await partnerB.get('/api/profit-centres')).statusCode).toBe(403);
    expect((await guest.get('/api/profit-centres')).statusCode).toBe(401);
  });
});

describe('GET /api/profit-centres/{id}', () => {
  it('answers one centre, 404 for a missing id or one that is no id', async () => {
    expect((await centre(IN_STORE)).name).toBe('In-store');
    expect((await staff.get('/api/profit-centres/999999')).statusCode).toBe(404);
    expect((await staff.get('/api/profit-centres/abc')).statusCode).toBe(404);
    expect((await partnerA.get(`/api/profit-centres/${String(WEB)}`)).statusCode).toBe(403);
    expect((await guest.get(`/api/profit-centres/${String(WEB)}`)).statusCode).toBe(401);
  });
});

describe('POST /api/profit-centres', () => {
  it('creates a centre from fractions, with an audit entry', async () => {
    const res = await staff.post('/api/profit-centres', {
      name: ' Pop-up ',
      default_markup: 0.755,
      default_auto_update: true,
      rebate: 0.05,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ data: ProfitCentre }>().data;
    expect(created).toEqual({
      id: expect.any(Number) as number,
      name: 'Pop-up',
      default_markup: 0.755,
      default_auto_update: true,
      rebate: 0.05,
      ratesCount: 0,
    });
    expect(await auditOf('profit centre', created.id)).toMatchObject([
      {
        event: 'created',
        userId: h.fixtures.staff.id,
        message: 'Profit centre Pop-up created.',
        oldValues: null,
        newValues: { name: 'Pop-up', default_markup: 0.755, default_auto_update: true, rebate: 0.05 },
      },
    ]);
  });

  it('takes a blank markup as no default and a missing rebate as none, from a form too', async () => {
    const res = await staff.post('/api/profit-centres', 'name=Market&default_markup=&default_auto_update=0', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: ProfitCentre }>().data).toMatchObject({
      name: 'Market',
      default_markup: null,
      default_auto_update: false,
      rebate: 0,
    });
  });

  it("refuses each bad field in Laravel's words and writes nothing", async () => {
    const before = await auditCount();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: '' }, { name: ['Name is required.'] }],
      [{ name: 'WEB' }, { name: ['This name is already taken.'] }],
      [
        { name: 'X1', default_markup: -0.1 },
        { default_markup: ['Default markup must be between 0 % and 1000 %.'] },
      ],
      [{ name: 'X2', default_markup: 'lots' }, { default_markup: ['Default markup must be a number.'] }],
      [{ name: 'X3', rebate: 1 }, { rebate: ['Rebate must be between 0 % and 90 %.'] }],
      [{ name: 'X4', rebate: -0.01 }, { rebate: ['Rebate must be between 0 % and 90 %.'] }],
      [
        { name: 'X5', default_auto_update: true, default_markup: '' },
        { default_markup: ['Default markup is required when auto update is on.'] },
      ],
      [
        { name: 'X6', default_auto_update: 'maybe' },
        { default_auto_update: ['Auto update must be true or false.'] },
      ],
    ];
    for (const [sent, errors] of cases) {
      const res = await staff.post('/api/profit-centres', sent);
      expect(res.statusCode, JSON.stringify(sent)).toBe(422);
      expect(res.json<Errors>().errors).toEqual(errors);
    }
    expect(await auditCount()).toBe(before);
    const names = (await staff.get('/api/profit-centres')).json<{ data: ProfitCentre[] }>().data;
    expect(names.filter((c) => /^X\d$/.test(c.name))).toEqual([]);
  });

  it('is staff only', async () => {
    expect((await partnerA.post('/api/profit-centres', { name: 'P' })).statusCode).toBe(403);
    expect((await partnerB.post('/api/profit-centres', { name: 'P' })).statusCode).toBe(403);
    expect((await guest.post('/api/profit-centres', { name: 'P' })).statusCode).toBe(401);
  });
});

describe('PUT /api/profit-centres/{id}', () => {
  it('renames without repricing, keeps an absent rebate and records only what changed', async () => {
    const market = (await staff.get('/api/profit-centres'))
      .json<{ data: ProfitCentre[] }>()
      .data.find((c) => c.name === 'Market')!;
    await h.database.db
      .update(profitCentres)
      .set({ rebate: '0.0300' })
      .where(eq(profitCentres.id, market.id));
    const res = await staff.put(`/api/profit-centres/${String(market.id)}`, {
      name: 'Market hall',
      default_markup: '',
      default_auto_update: false,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json<ProfitCentreSaved>();
    expect(saved).toEqual({ data: { ...market, name: 'Market hall', rebate: 0.03 } });
    expect((await auditOf('profit centre', market.id)).at(-1)).toMatchObject({
      event: 'updated',
      oldValues: { name: 'Market' },
      newValues: { name: 'Market hall' },
    });
  });

  it('is 404 for a missing centre, 403 for partners and 401 signed out', async () => {
    const sent = { name: 'Nowhere' };
    expect((await staff.put('/api/profit-centres/999999', sent)).statusCode).toBe(404);
    expect((await partnerA.put(`/api/profit-centres/${String(WEB)}`, sent)).statusCode).toBe(403);
    expect((await partnerB.put(`/api/profit-centres/${String(WEB)}`, sent)).statusCode).toBe(403);
    expect((await guest.put(`/api/profit-centres/${String(WEB)}`, sent)).statusCode).toBe(401);
  });

  it('refuses to leave auto-updating rates without a default markup', async () => {
    const web = await centre(WEB);
    const res = await staff.put(
      `/api/profit-centres/${String(WEB)}`,
      body(web, {
        default_markup: null,
        default_auto_update: false,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors?.default_markup?.[0]).toMatch(
      /^Default markup is required: \d+ component rates follow it \(auto update\)\.$/,
    );
    expect(await centre(WEB)).toEqual(web);
  });
});

describe('a new default markup or rebate reprices the rates and variants built on it', () => {
  it('auto-updating rates take the new default markup, the others keep theirs; variants follow', async () => {
    // One Web rate priced by hand: it keeps its own markup.
    const [own] = await h.database.db
      .update(componentRates)
      .set({ autoUpdate: false, markup: '0.9500' })
      .where(and(eq(componentRates.profitCentreId, WEB), eq(componentRates.componentId, 1)))
      .returning();
    // Priced by hand with the figures its markup gives, so the reference starts consistent.
    const start = expectedPrices(await priceSnapshot(h.database.db), {});
    const r = start.rates.get(own!.id)!;
    await h.database.db
      .update(componentRates)
      .set({ vatCents: r.vatCents, priceCents: r.priceCents })
      .where(eq(componentRates.id, own!.id));
    const before = await priceSnapshot(h.database.db);
    const expected = expectedPrices(before, { centre: { id: WEB, defaultMarkup: 1.25 } });
    const audits = await auditCount();

    const web = await centre(WEB);
    const res = await staff.put(`/api/profit-centres/${String(WEB)}`, body(web, { default_markup: 1.25 }));
    expect(res.statusCode).toBe(200);
    const saved = res.json<ProfitCentreSaved>();
    expect(saved.data.default_markup).toBe(1.25);

    const after = await priceSnapshot(h.database.db);
    expect(after.rates).toEqual(expected.rates);
    expect(after.variants).toEqual(expected.variants);
    const rates = changedIds(before.rates, after.rates);
    const variants = changedIds(before.variants, after.variants);
    expect(rates.length).toBeGreaterThan(10);
    expect(variants.length).toBeGreaterThan(10);
    expect(rates).not.toContain(own!.id);
    expect(after.rates.get(own!.id)!.markup).toBe(0.95);
    for (const id of rates) expect(after.rates.get(id)!.profitCentreId).toBe(WEB);
    expect(saved.repriced).toEqual({ rates: rates.length, variants: variants.length });

    // One entry for the centre, one per repriced rate and variant, each saying why.
    expect(await auditCount()).toBe(audits + 1 + rates.length + variants.length);
    expect((await auditOf('profit centre', WEB)).at(-1)).toMatchObject({
      oldValues: { default_markup: 1.1 },
      newValues: { default_markup: 1.25 },
    });
    const rateEntry = (await auditOf('component rate', rates[0])).at(-1)!;
    expect(rateEntry).toMatchObject({
      event: 'updated',
      userId: h.fixtures.staff.id,
      message: 'Component rate repriced: profit centre Web: default markup 110% → 125%.',
      oldValues: { markup: 1.1 },
      newValues: { markup: 1.25 },
    });
    const variantEntries = await h.database.db
      .select({ n: count() })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.propertyType, 'product variant'),
          eq(
            auditEntries.message,
            'Product variant repriced: profit centre Web: default markup 110% → 125%.',
          ),
        ),
      );
    expect(variantEntries[0]!.n).toBe(variants.length);
  });

  it('a new rebate reaches every rate of the centre, auto-updating or not', async () => {
    await h.database.db
      .update(componentRates)
      .set({ autoUpdate: false })
      .where(and(eq(componentRates.profitCentreId, CORPORATE), eq(componentRates.componentId, 2)));
    const before = await priceSnapshot(h.database.db);
    const expected = expectedPrices(before, { centre: { id: CORPORATE, rebate: 0.15 } });
    const corporate = await centre(CORPORATE);
    const res = await staff.put(
      `/api/profit-centres/${String(CORPORATE)}`,
      body(corporate, { rebate: 0.15 }),
    );
    expect(res.statusCode).toBe(200);
    const after = await priceSnapshot(h.database.db);
    expect(after.rates).toEqual(expected.rates);
    expect(after.variants).toEqual(expected.variants);
    const inCentre = [...after.rates.values()].filter((r) => r.profitCentreId === CORPORATE);
    expect(inCentre.every((r) => r.rebate === 0.15)).toBe(true);
    expect(changedIds(before.rates, after.rates)).toHaveLength(inCentre.length);
    expect(res.json<ProfitCentreSaved>().repriced).toEqual({
      rates: inCentre.length,
      variants: changedIds(before.variants, after.variants).length,
    });
  });

  it('a new default markup on a centre whose rates do not auto-update changes no price', async () => {
    const before = await priceSnapshot(h.database.db);
    const inStore = await centre(IN_STORE);
    const res = await staff.put(
      `/api/profit-centres/${String(IN_STORE)}`,
      body(inStore, { default_markup: 2 }),
    );
    expect(res.json<ProfitCentreSaved>().repriced).toEqual({ rates: 0, variants: 0 });
    const after = await priceSnapshot(h.database.db);
    expect(after.rates).toEqual(before.rates);
  });

  it('a refused change (a name taken, with a new markup) reprices nothing and records nothing', async () => {
    const before = await priceSnapshot(h.database.db);
    const audits = await auditCount();
    const web = await centre(WEB);
    const res = await staff.put(
      `/api/profit-centres/${String(WEB)}`,
      body(web, { name: 'avbob', default_markup: 3 }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({ name: ['This name is already taken.'] });
    expect(await priceSnapshot(h.database.db)).toEqual(before);
    expect(await auditCount()).toBe(audits);
    expect(await centre(WEB)).toEqual(web);
    const tooMuch = await staff.put(`/api/profit-centres/${String(WEB)}`, body(web, { rebate: 0.95 }));
    expect(tooMuch.statusCode).toBe(422);
    expect(await priceSnapshot(h.database.db)).toEqual(before);
  });
});
