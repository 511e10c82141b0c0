import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Component, Paged } from '@bloomline/contract';

import { auditEntries, colours, components, componentUnits, measureUnits } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

// Components as staff, as partner users (403) and signed out (401): the paged list (search, both sorts),
// one component, create with its defaults, update keeping what was left out, the 422 bags (unknown unit or
// colour included) and the audit rows. Pictures, component units and repricing have files of their own.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors: Record<string, string[]> };
const ids = { stem: 0, tenStems: 0, red: 0, white: 0, rose: 0 };

const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'component'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);
const one = async (id: number) =>
  (await staff.get(`/api/components/${String(id)}`)).json<{ data: Component }>().data;

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.3'));
  const db = h.database.db;
  const [stem] = await db.insert(measureUnits).values({ name: 'Stem', shortCode: 'st' }).returning();
  ids.stem = stem!.id;
  const [ten] = await db
    .insert(componentUnits)
    .values({ quantity: '10', measureUnitId: stem!.id })
    .returning();
  ids.tenStems = ten!.id;
  const [red, white] = await db
    .insert(colours)
    .values([{ name: 'Red' }, { name: 'White' }])
    .returning();
  ids.red = red!.id;
  ids.white = white!.id;
  const [rose] = await db
    .insert(components)
    .values({
      name: 'Red rose',
      wholesaleExclVatCents: 1250,
      unitId: ten!.id,
      colourId: red!.id,
      isCommission: true,
    })
    .returning();
  ids.rose = rose!.id;
  await db.insert(components).values(
    Array.from({ length: 19 }, (_, i) => ({
      name: `Filler ${String(i + 1).padStart(2, '0')}`,
      wholesaleExclVatCents: 100 * (19 - i),
    })),
  );
});
afterAll(() => h.close());

describe('GET /api/components', () => {
  it('pages components by name with unit, colour, picture and rates, in Laravel’s shape', async () => {
    const res = await staff.get('/api/components');
    expect(res.statusCode).toBe(200);
    const body = res.json<Paged<Component>>();
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 15, total: 20, last_page: 2 });
    expect(body.data.map((c) => c.name).slice(0, 2)).toEqual(['Filler 01', 'Filler 02']);
    expect(body.data).toHaveLength(15);
    const page2 = (await staff.get('/api/components?page=2')).json<Paged<Component>>();
    expect(page2.data.at(-1)).toEqual({
      id: ids.rose,
      name: 'Red rose',
      wholesale_excl_vat: 12.5,
      container: false,
      exclude_auto_calculations: false,
      show_on_menu: true,
      isCommission: true,
      hasImage: false,
      imageUrl: null,
      unit_id: ids.tenStems,
      colour_id: ids.red,
      unit: {
        id: ids.tenStems,
        name: 'Stem',
        quantity: 10,
        measureUnit: { id: ids.stem, name: 'Stem', short_code: 'st' },
      },
      colour: { id: ids.red, name: 'Red' },
      ratesCount: 0,
    });
  });

  it('searches by name, case-insensitively, and keeps q in the page links', async () => {
    const found = (await staff.get('/api/components?q=ROSE')).json<Paged<Component>>();
    expect(found.data.map((c) => c.name)).toEqual(['Red rose']);
    const fillers = (await staff.get('/api/components?q=filler&page=2')).json<Paged<Component>>();
    expect(fillers.meta.total).toBe(19);
    expect(fillers.data.map((c) => c.name)).toEqual(['Filler 16', 'Filler 17', 'Filler 18', 'Filler 19']);
    expect(fillers.meta.links[0]!.url).toBe('/api/components?q=filler&s=name&d=asc&page=1');
    const past = (await staff.get('/api/components?q=filler&page=9')).json<Paged<Component>>();
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(19);
  });

  it('sorts by wholesale price either way, the id breaking ties', async () => {
    const asc = (await staff.get('/api/components?s=wholesale_excl_vat&d=asc')).json<Paged<Component>>();
    expect(asc.data.slice(0, 3).map((c) => c.wholesale_excl_vat)).toEqual([1, 2, 3]);
    const desc = (await staff.get('/api/components?s=wholesale_excl_vat&d=desc')).json<Paged<Component>>();
    expect(desc.data[0]!.name).toBe('Filler 01');
    expect(desc.data[0]!.wholesale_excl_vat).toBe(19);
    const byName = (await staff.get('/api/components?s=name&d=desc')).json<Paged<Component>>();
    expect(byName.data[0]!.name).toBe('Red rose');
  });

  it('refuses a sort it does not know and is staff only', async () => {
    const res = await staff.get('/api/components?s=price');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<Errors>().errors)).toEqual(['s']);
    expect((await partnerA.get('/api/components')).statusCode).toBe(403);
    expect((await partnerB.get('/api/components')).statusCode).toBe(403);
    expect((await h.client().get('/api/components')).statusCode).toBe(401);
  });
});

describe('GET /api/components/{id}', () => {
  it('answers one component, 404 for a missing one, 403 for partners', async () => {
    expect((await one(ids.rose)).colour).toEqual({ id: ids.red, name: 'Red' });
    expect((await staff.get('/api/components/999999')).statusCode).toBe(404);
    expect((await partnerA.get(`/api/components/${String(ids.rose)}`)).statusCode).toBe(403);
    expect((await h.client().get(`/api/components/${String(ids.rose)}`)).statusCode).toBe(401);
  });
});

describe('POST /api/components', () => {
  it('creates a component with the defaults, audited in the API’s names', async () => {
    const res = await staff.post('/api/components', { name: ' Gypsophila ', wholesale_excl_vat: '4.5' });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ data: Component }>().data;
    expect(created).toMatchObject({
      name: 'Gypsophila',
      wholesale_excl_vat: 4.5,
      container: false,
      exclude_auto_calculations: false,
      show_on_menu: true,
      isCommission: false,
      unit: null,
      colour: null,
      ratesCount: 0,
    });
    expect((await auditOf(created.id))[0]).toMatchObject({
      event: 'created',
      message: 'Component Gypsophila created.',
      userId: h.fixtures.staff.id,
      newValues: {
        name: 'Gypsophila',
        wholesale_excl_vat: 4.5,
        container: false,
        exclude_auto_calculations: false,
        show_on_menu: true,
        is_commission: false,
        unit_id: null,
        colour_id: null,
      },
    });
  });

  it('reads a multipart form with flags as 1/0 and references as ids', async () => {
    const res = await staff.form('/api/components', {
      name: 'Glass vase',
      wholesale_excl_vat: '85',
      container: true,
      show_on_menu: false,
      is_commission: '1',
      unit_id: String(ids.tenStems),
      colour_id: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: Component }>().data).toMatchObject({
      container: true,
      show_on_menu: false,
      isCommission: true,
      unit_id: ids.tenStems,
      colour_id: null,
    });
  });

  it('refuses bad fields in words, and an unknown unit or colour, writing nothing', async () => {
    const total = async () => (await staff.get('/api/components')).json<Paged<Component>>().meta.total;
    const before = await total();
    const blank = await staff.post('/api/components', { name: '', wholesale_excl_vat: '' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json<Errors>().errors).sort()).toEqual(['name', 'wholesale_excl_vat']);
    const negative = await staff.post('/api/components', {
      name: 'X',
      wholesale_excl_vat: -1,
      container: 'maybe',
    });
    expect(Object.keys(negative.json<Errors>().errors).sort()).toEqual(['container', 'wholesale_excl_vat']);
    const cents = await staff.post('/api/components', { name: 'X', wholesale_excl_vat: 1.234 });
    expect(cents.json<Errors>().errors.wholesale_excl_vat).toEqual([
      'Wholesale price can have at most 2 decimals.',
    ]);
    const unknown = await staff.post('/api/components', {
      name: 'X',
      wholesale_excl_vat: 1,
      unit_id: 999999,
      colour_id: 999999,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<Errors>().errors).toEqual({
      unit_id: ['Choose a valid unit.'],
      colour_id: ['Choose a valid colour.'],
    });
    expect(await total()).toBe(before);
  });

  it('reads a price typed the South African way, and refuses text that is no amount in words (issue 19)', async () => {
    const comma = await staff.form('/api/components', { name: 'Comma rose', wholesale_excl_vat: '12,50' });
    expect(comma.statusCode).toBe(201);
    expect(comma.json<{ data: Component }>().data.wholesale_excl_vat).toBe(12.5);
    const spaced = await staff.post('/api/components', {
      name: 'Spaced rose',
      wholesale_excl_vat: 'R 1 234,5',
    });
    expect(spaced.json<{ data: Component }>().data.wholesale_excl_vat).toBe(1234.5);
    for (const typed of ['12,50,1', '1,234.5', 'R']) {
      const res = await staff.post('/api/components', { name: 'Odd rose', wholesale_excl_vat: typed });
      expect(res.statusCode, typed).toBe(422);
      expect(res.json<Errors>().errors, typed).toEqual({
        wholesale_excl_vat: ['Wholesale price must be an amount such as 1 234,50.'],
      });
    }
    const blank = await staff.post('/api/components', { name: '', wholesale_excl_vat: '' });
    expect(blank.json<Errors>()).toEqual({
      message: 'Name is required. (and 1 more error)',
      errors: { name: ['Name is required.'], wholesale_excl_vat: ['Wholesale price is required.'] },
    });
    const long = await staff.post('/api/components', { name: 'x'.repeat(300), wholesale_excl_vat: 1 });
    expect(long.json<Errors>().errors).toEqual({ name: ['Name can have at most 255 characters.'] });
  });

  it('is staff only', async () => {
    expect((await partnerA.post('/api/components', { name: 'X', wholesale_excl_vat: 1 })).statusCode).toBe(
      403,
    );
    // Signed out: no live session, so 401 before any CSRF check (DECISIONS.md "Session").
    expect((await h.client().post('/api/components', { name: 'X', wholesale_excl_vat: 1 })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /api/components/{id}', () => {
  it('keeps the flags and references left out, and records only what changed', async () => {
    const res = await staff.put(`/api/components/${String(ids.rose)}`, {
      name: 'Red rose',
      wholesale_excl_vat: 13,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Component }>().data).toMatchObject({
      wholesale_excl_vat: 13,
      isCommission: true,
      unit_id: ids.tenStems,
      colour_id: ids.red,
    });
    expect((await auditOf(ids.rose)).at(-1)).toMatchObject({
      event: 'updated',
      message: 'Component Red rose updated.',
      oldValues: { wholesale_excl_vat: 12.5 },
      newValues: { wholesale_excl_vat: 13 },
    });
  });

  it('changes flags and references, and a blank reference clears it', async () => {
    const res = await staff.put(`/api/components/${String(ids.rose)}`, {
      name: 'Red rose',
      wholesale_excl_vat: 13,
      is_commission: false,
      container: 'true',
      colour_id: ids.white,
      unit_id: '',
    });
    expect(res.json<{ data: Component }>().data).toMatchObject({
      isCommission: false,
      container: true,
      colour: { id: ids.white, name: 'White' },
      unit: null,
    });
    expect((await auditOf(ids.rose)).at(-1)).toMatchObject({
      oldValues: { container: false, is_commission: true, unit_id: ids.tenStems, colour_id: ids.red },
      newValues: { container: true, is_commission: false, unit_id: null, colour_id: ids.white },
    });
  });

  it('refuses an unknown colour and bad fields, leaving the component as it was', async () => {
    const before = await one(ids.rose);
    const entries = (await auditOf(ids.rose)).length;
    const res = await staff.put(`/api/components/${String(ids.rose)}`, {
      name: 'Other',
      wholesale_excl_vat: 2,
      colour_id: 999999,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({ colour_id: ['Choose a valid colour.'] });
    const bad = await staff.put(`/api/components/${String(ids.rose)}`, {
      name: 'x'.repeat(256),
      wholesale_excl_vat: 2_000_000,
    });
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['name', 'wholesale_excl_vat']);
    expect(await one(ids.rose)).toEqual(before);
    expect(await auditOf(ids.rose)).toHaveLength(entries);
  });

  it('is 404 for a missing component and 403 for partners', async () => {
    expect((await staff.put('/api/components/999999', { name: 'A', wholesale_excl_vat: 1 })).statusCode).toBe(
      404,
    );
    const res = await partnerB.put(`/api/components/${String(ids.rose)}`, {
      name: 'A',
      wholesale_excl_vat: 1,
    });
    expect(res.statusCode).toBe(403);
    expect((await one(ids.rose)).name).toBe('Red rose');
  });
});
