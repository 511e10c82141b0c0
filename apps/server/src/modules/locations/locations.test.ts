import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Location, LocationListItem, Paged, PlaceItem } from '@bloomline/contract';

import { auditEntries, locations } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

// Locations as staff (every call), as partner users (403 on the locations, the pickers allowed) and
// signed out (401); multipart, urlencoded and JSON bodies, Laravel's _method spoofing, the 422 bags.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors: Record<string, string[]> };
const ids: Record<string, number> = {};

async function place(name: string, type: string, parentId: number | null) {
  const [row] = await h.database.db
    .insert(locations)
    .values({ name, locationType: type as 'city', parentId, handle: name.toLowerCase().replace(/ /g, '-') })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.0'));
  ids.za = await place('South Africa', 'country', null);
  ids.wc = await place('Western Cape', 'province', ids.za);
  ids.gp = await place('Gauteng', 'province', ids.za);
  ids.ct = await place('Cape Town', 'city', ids.wc);
  ids.jhb = await place('Johannesburg', 'city', ids.gp);
  ids.sp = await place('Sea Point', 'suburb', ids.ct);
  ids.gardens = await place('Gardens', 'suburb', ids.ct);
  ids.rosebank = await place('Rosebank', 'suburb', ids.jhb);
  for (let i = 1; i <= 20; i += 1) await place(`Suburb ${String(i).padStart(2, '0')}`, 'suburb', ids.jhb);
});
afterAll(() => h.close());

describe('GET /api/locations', () => {
  it('pages every location by name with its parent, in Laravel’s shape', async () => {
    const res = await staff.get('/api/locations');
    expect(res.statusCode).toBe(200);
    const body = res.json<Paged<LocationListItem>>();
    expect(body.meta).toMatchObject({
      current_page: 1,
      per_page: 15,
      total: 28,
      last_page: 2,
      from: 1,
      to: 15,
    });
    expect(body.data[0]).toEqual({
      id: ids.ct,
      name: 'Cape Town',
      locationType: 'city',
      handle: 'cape-town',
      parent: { id: ids.wc, name: 'Western Cape' },
    });
    expect(body.data.find((l) => l.name === 'South Africa')?.parent).toBeNull();
    const names = body.data.map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('searches by name, case-insensitively, with LIKE characters taken literally', async () => {
    const found = (await staff.get('/api/locations?q=CAPE')).json<Paged<LocationListItem>>();
    expect(found.data.map((l) => l.name)).toEqual(['Cape Town', 'Western Cape']);
    const literal = (await staff.get('/api/locations?q=%25')).json<Paged<LocationListItem>>();
    expect(literal.data).toEqual([]);
    expect(literal.meta.total).toBe(0);
  });

  it('keeps q in the page links and answers a page past the end with empty data', async () => {
    const two = (await staff.get('/api/locations?q=suburb&page=2')).json<Paged<LocationListItem>>();
    expect(two.data.map((l) => l.name)).toEqual([
      'Suburb 16',
      'Suburb 17',
      'Suburb 18',
      'Suburb 19',
      'Suburb 20',
    ]);
    expect(two.meta.links[0]!.url).toBe('/api/locations?q=suburb&s=name&d=asc&page=1');
    const past = (await staff.get('/api/locations?page=9')).json<Paged<LocationListItem>>();
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 28, current_page: 9, from: null });
  });

  it('filters by type and sorts by a whitelisted key', async () => {
    const cities = (await staff.get('/api/locations?type=city&s=name&d=desc')).json<
      Paged<LocationListItem>
    >();
    expect(cities.data.map((l) => l.name)).toEqual(['Johannesburg', 'Cape Town']);
    const bad = await staff.get('/api/locations?s=password&type=planet');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['s', 'type']);
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/locations')).statusCode).toBe(403);
    expect((await partnerB.get(`/api/locations/${String(ids.ct)}`)).statusCode).toBe(403);
    expect((await h.client().get('/api/locations')).statusCode).toBe(401);
  });
});

describe('GET /api/locations/{id}', () => {
  it('answers every field of the form', async () => {
    const res = await staff.get(`/api/locations/${String(ids.sp)}`);
    expect(res.json<{ data: Location }>().data).toEqual({
      id: ids.sp,
      name: 'Sea Point',
      locationType: 'suburb',
      handle: 'sea-point',
      parent: { id: ids.ct, name: 'Cape Town' },
      header1: null,
      header2: null,
      header3: null,
      title: null,
      seoDescription: null,
      content: null,
      latitude: null,
      longitude: null,
    });
  });

  it('is 404 for a missing or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '-1']) {
      expect((await staff.get(`/api/locations/${id}`)).statusCode).toBe(404);
    }
  });
});

describe('POST /api/locations', () => {
  it('creates from a multipart form, making the handle from the name, with an audit entry', async () => {
    const res = await staff.form('/api/locations', {
      name: 'Camps Bay',
      location_type: 'suburb',
      parent_id: ids.ct!,
      handle: '',
      header1: 'Flowers delivered in Camps Bay',
      header2: '',
      seo_description: 'Same-day flowers to Camps Bay',
      content: '<p>Beach-side blooms.</p>',
      latitude: '-33.9506',
      longitude: '18.3776',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ data: Location }>().data;
    expect(created).toMatchObject({
      name: 'Camps Bay',
      locationType: 'suburb',
      handle: 'camps-bay',
      parent: { id: ids.ct, name: 'Cape Town' },
      header1: 'Flowers delivered in Camps Bay',
      header2: null,
      latitude: -33.9506,
      longitude: 18.3776,
    });
    const [entry] = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'location'), eq(auditEntries.propertyId, created.id)));
    expect(entry).toMatchObject({ event: 'created', userId: h.fixtures.staff.id });
    expect(entry!.newValues).toMatchObject({ name: 'Camps Bay', handle: 'camps-bay' });

    const again = await staff.post('/api/locations', {
      name: 'Camps Bay',
      location_type: 'suburb',
      parent_id: ids.ct,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json<{ data: Location }>().data.handle).toBe('camps-bay-2');
  });

  it('reads an urlencoded form too', async () => {
    const res = await staff.post(
      '/api/locations',
      'name=Durban&location_type=city&parent_id=' + String(ids.gp),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: Location }>().data).toMatchObject({ name: 'Durban', handle: 'durban' });
  });

  it('answers 422 with the fields in Laravel’s bag, and writes nothing', async () => {
    const before = (await staff.get('/api/locations')).json<Paged<LocationListItem>>().meta.total;
    const res = await staff.form('/api/locations', {
      name: '',
      location_type: 'village',
      handle: 'Not A Slug',
      latitude: '91',
      longitude: 'east',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json<Errors>();
    expect(body.errors).toEqual({
      name: ['Name is required.'],
      location_type: ['Choose a valid location type.'],
      handle: ['Handle can only contain lower-case letters, numbers and single dashes.'],
      latitude: ['Latitude must be at most 90.'],
      longitude: ['Longitude must be a number.'],
    });
    expect(body.message).toBe('Name is required. (and 4 more errors)');
    expect((await staff.get('/api/locations')).json<Paged<LocationListItem>>().meta.total).toBe(before);
  });

  it('offers only a sensible parent', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ location_type: 'suburb', parent_id: ids.wc }, 'The parent must be a city.'],
      [{ location_type: 'city' }, 'The parent must be a province.'],
      [{ location_type: 'country', parent_id: ids.za }, 'A country has no parent.'],
      [{ location_type: 'suburb', parent_id: 2147483647 }, 'Choose a valid parent.'],
    ];
    for (const [fields, message] of cases) {
      const res = await staff.post('/api/locations', { name: 'Somewhere', ...fields });
      expect(res.statusCode, message).toBe(422);
      expect(res.json<Errors>().errors).toEqual({ parent_id: [message] });
    }
  });

  it('refuses a handle that is taken', async () => {
    const res = await staff.form('/api/locations', {
      name: 'Another Sea Point',
      location_type: 'suburb',
      parent_id: ids.ct!,
      handle: 'sea-point',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({ handle: ['This handle is already taken.'] });
  });

  it('is staff only and needs the CSRF token', async () => {
    const body = { name: 'Nowhere', location_type: 'country' };
    expect((await partnerA.post('/api/locations', body)).statusCode).toBe(403);
    expect((await partnerB.form('/api/locations', body)).statusCode).toBe(403);
    const guest = h.client();
    await guest.csrf();
    expect((await guest.post('/api/locations', body)).statusCode).toBe(401);
    expect((await staff.post('/api/locations', body, { 'x-xsrf-token': 'wrong' })).statusCode).toBe(419);
  });
});

describe('updating a location', () => {
  const full = (over: Record<string, unknown> = {}) => ({
    name: 'Sea Point',
    location_type: 'suburb',
    parent_id: ids.ct!,
    handle: 'sea-point',
    title: 'Flowers in Sea Point',
    latitude: '-33.9157',
    longitude: '18.3876',
    ...over,
  });

  it('takes a multipart POST with _method=PUT and records only what changed', async () => {
    const res = await staff.form(`/api/locations/${String(ids.sp)}`, { ...full(), _method: 'PUT' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Location }>().data).toMatchObject({
      id: ids.sp,
      title: 'Flowers in Sea Point',
      latitude: -33.9157,
    });
    const [entry] = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'location'), eq(auditEntries.propertyId, ids.sp!)));
    expect(entry).toMatchObject({ event: 'updated' });
    expect(entry!.oldValues).toEqual({ title: null, latitude: null, longitude: null });
    expect(entry!.newValues).toEqual({
      title: 'Flowers in Sea Point',
      latitude: -33.9157,
      longitude: 18.3876,
    });
  });

  it('takes a JSON PUT, a JSON POST with _method and an urlencoded POST with _method alike', async () => {
    const url = `/api/locations/${String(ids.gardens)}`;
    const body = { name: 'Gardens', location_type: 'suburb', parent_id: ids.ct };
    expect((await staff.put(url, { ...body, header1: 'one' })).json<{ data: Location }>().data.header1).toBe(
      'one',
    );
    const spoofed = await staff.post(url, { ...body, header1: 'two', _method: 'put' });
    expect(spoofed.json<{ data: Location }>().data.header1).toBe('two');
    const form = await staff.post(
      url,
      `name=Gardens&location_type=suburb&parent_id=${String(ids.ct)}&header1=three&_method=PUT`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(form.json<{ data: Location }>().data.header1).toBe('three');
  });

  it('answers a POST without _method with 405, as Laravel does', async () => {
    const res = await staff.form(`/api/locations/${String(ids.sp)}`, full());
    expect(res.statusCode).toBe(405);
    expect(res.json<Errors>().message).toBe(
      'The POST method is not supported for route api/locations/{id}. Supported methods: PUT.',
    );
  });

  it('validates the spoofed form like any other and keeps the handle unique', async () => {
    const res = await staff.form(`/api/locations/${String(ids.sp)}`, {
      ...full({ handle: 'gardens', name: '' }),
      _method: 'PUT',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({ name: ['Name is required.'] });
    const taken = await staff.form(`/api/locations/${String(ids.sp)}`, {
      ...full({ handle: 'gardens' }),
      _method: 'PUT',
    });
    expect(taken.json<Errors>().errors).toEqual({ handle: ['This handle is already taken.'] });
  });

  it('keeps the type of a location that others lie in', async () => {
    const res = await staff.put(`/api/locations/${String(ids.ct)}`, {
      name: 'Cape Town',
      location_type: 'suburb',
      parent_id: ids.jhb,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({
      location_type: ['The location type cannot change while 4 locations lie in it.'],
    });
  });

  it('is 404 for a missing location and 403 for partners', async () => {
    expect((await staff.put('/api/locations/999999', full())).statusCode).toBe(404);
    expect(
      (await partnerA.form(`/api/locations/${String(ids.sp)}`, { ...full(), _method: 'PUT' })).statusCode,
    ).toBe(403);
  });
});

describe('the place pickers', () => {
  it('lists provinces, cities of a province and suburbs of a city, by name', async () => {
    const provinces = (await staff.get('/api/provinces')).json<{ data: PlaceItem[] }>().data;
    expect(provinces.map((p) => p.name)).toEqual(['Gauteng', 'Western Cape']);
    const cities = (await partnerA.get(`/api/cities?province=${String(ids.wc)}`)).json<{
      data: PlaceItem[];
    }>();
    expect(cities.data).toEqual([{ id: ids.ct, name: 'Cape Town', parentId: ids.wc }]);
    const suburbs = (await partnerB.get(`/api/suburbs?city=${String(ids.ct)}`)).json<{ data: PlaceItem[] }>();
    expect(suburbs.data.map((s) => s.name)).toEqual(['Camps Bay', 'Camps Bay', 'Gardens', 'Sea Point']);
  });

  it('needs a signed-in user and a well-formed filter', async () => {
    expect((await h.client().get('/api/suburbs')).statusCode).toBe(401);
    expect((await staff.get('/api/suburbs?city=abc')).statusCode).toBe(422);
  });
});
