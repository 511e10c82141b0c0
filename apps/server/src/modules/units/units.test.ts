import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { MeasureUnit } from '@bloomline/contract';

import { auditEntries, componentUnits, measureUnits } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

// Units of measure as staff, as partner users (403) and signed out (401): the list, create, update
// (PUT, and POST with _method=PUT in JSON, urlencoded and multipart), delete, and the database's own
// refusals (a duplicate name: 422; a unit still counted in by component units: 409).

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };
let stem: MeasureUnit;
let bunch: MeasureUnit;

const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'measure unit'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.1'));
  const rows = await h.database.db
    .insert(measureUnits)
    .values([
      { name: 'Stem', shortCode: 'st' },
      { name: 'bunch', shortCode: 'bn' },
    ])
    .returning();
  stem = { id: rows[0]!.id, name: 'Stem', short_code: 'st' };
  bunch = { id: rows[1]!.id, name: 'bunch', short_code: 'bn' };
  await h.database.db.insert(componentUnits).values([{ quantity: '10', measureUnitId: stem.id }]);
});
afterAll(() => h.close());

describe('GET /api/measure-units', () => {
  it('lists every unit by name, ignoring case', async () => {
    const res = await staff.get('/api/measure-units');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: MeasureUnit[] }>().data).toEqual([bunch, stem]);
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/measure-units')).statusCode).toBe(403);
    expect((await partnerB.get('/api/measure-units')).statusCode).toBe(403);
    expect((await h.client().get('/api/measure-units')).statusCode).toBe(401);
  });
});

describe('POST /api/measure-units', () => {
  it('creates a unit with an audit entry', async () => {
    const res = await staff.post('/api/measure-units', { name: ' Box ', short_code: 'bx' });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ data: MeasureUnit }>().data;
    expect(created).toEqual({ id: expect.any(Number) as number, name: 'Box', short_code: 'bx' });
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({
      event: 'created',
      message: 'Unit of measure Box created.',
      userId: h.fixtures.staff.id,
      oldValues: null,
      newValues: { name: 'Box', short_code: 'bx' },
    });
  });

  it('reads a multipart form too', async () => {
    const res = await staff.form('/api/measure-units', { name: 'Vase', short_code: 'vs' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: MeasureUnit }>().data.name).toBe('Vase');
  });

  it('refuses blanks and a name that is taken in any case', async () => {
    const blank = await staff.post('/api/measure-units', { name: '', short_code: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json<Errors>().errors).toEqual({
      name: ['Name is required.'],
      short_code: ['Short code is required.'],
    });
    const taken = await staff.form('/api/measure-units', { name: 'STEM', short_code: 'x' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json<Errors>()).toEqual({
      message: 'This name is already taken.',
      errors: { name: ['This name is already taken.'] },
    });
  });

  it('is staff only and needs the CSRF token', async () => {
    expect((await partnerA.post('/api/measure-units', { name: 'Pot', short_code: 'pt' })).statusCode).toBe(
      403,
    );
    const res = await staff.post(
      '/api/measure-units',
      { name: 'Pot', short_code: 'pt' },
      { 'x-xsrf-token': 'x' },
    );
    expect(res.statusCode).toBe(419);
  });
});

describe('updating a unit', () => {
  it('takes a PUT and records only what changed', async () => {
    const res = await staff.put(`/api/measure-units/${String(bunch.id)}`, {
      name: 'Bunch',
      short_code: 'bn',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: MeasureUnit }>().data).toEqual({ ...bunch, name: 'Bunch' });
    const entries = await auditOf(bunch.id);
    expect(entries.at(-1)).toMatchObject({
      event: 'updated',
      oldValues: { name: 'bunch' },
      newValues: { name: 'Bunch' },
    });
  });

  it('takes a POST with _method=PUT as multipart, urlencoded or JSON', async () => {
    const url = `/api/measure-units/${String(bunch.id)}`;
    const multipart = await staff.form(url, { name: 'Bunch', short_code: 'b1', _method: 'PUT' });
    expect(multipart.json<{ data: MeasureUnit }>().data.short_code).toBe('b1');
    const urlencoded = await staff.post(url, 'name=Bunch&short_code=b2&_method=PUT', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(urlencoded.json<{ data: MeasureUnit }>().data.short_code).toBe('b2');
    const json = await staff.post(url, { name: 'Bunch', short_code: 'bn', _method: 'PUT' });
    expect(json.json<{ data: MeasureUnit }>().data.short_code).toBe('bn');
    const plainPost = await staff.post(url, { name: 'Bunch', short_code: 'bn' });
    expect(plainPost.statusCode).toBe(405);
  });

  it('refuses a name another unit has, and leaves the unit as it was', async () => {
    const res = await staff.put(`/api/measure-units/${String(bunch.id)}`, { name: 'stem', short_code: 'zz' });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({ name: ['This name is already taken.'] });
    const list = (await staff.get('/api/measure-units')).json<{ data: MeasureUnit[] }>().data;
    expect(list.find((u) => u.id === bunch.id)).toEqual({ ...bunch, name: 'Bunch' });
  });

  it('is 404 for a missing unit and 403 for partners', async () => {
    expect((await staff.put('/api/measure-units/999999', { name: 'A', short_code: 'a' })).statusCode).toBe(
      404,
    );
    const res = await partnerB.put(`/api/measure-units/${String(bunch.id)}`, { name: 'A', short_code: 'a' });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/measure-units/{id}', () => {
  it('deletes an unused unit with an audit entry', async () => {
    const [vase] = (await staff.get('/api/measure-units'))
      .json<{ data: MeasureUnit[] }>()
      .data.filter((u) => u.name === 'Vase');
    const res = await staff.delete(`/api/measure-units/${String(vase!.id)}`);
    expect(res.statusCode).toBe(204);
    expect((await staff.get('/api/measure-units')).json<{ data: MeasureUnit[] }>().data).not.toContainEqual(
      vase,
    );
    expect((await auditOf(vase!.id)).at(-1)).toMatchObject({
      event: 'deleted',
      oldValues: { name: 'Vase', short_code: 'vs' },
      newValues: null,
    });
    expect((await staff.delete(`/api/measure-units/${String(vase!.id)}`)).statusCode).toBe(404);
  });

  it('refuses a unit that component units count in, with a 409 naming them, and writes nothing', async () => {
    const before = (await auditOf(stem.id)).length;
    const res = await staff.delete(`/api/measure-units/${String(stem.id)}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<Errors>().message).toBe(
      'This unit of measure cannot be deleted: it is still used by component units.',
    );
    expect((await staff.get('/api/measure-units')).json<{ data: MeasureUnit[] }>().data).toContainEqual(stem);
    expect(await auditOf(stem.id)).toHaveLength(before);
  });

  it('is staff only', async () => {
    expect((await partnerA.delete(`/api/measure-units/${String(bunch.id)}`)).statusCode).toBe(403);
    expect((await h.client().delete(`/api/measure-units/${String(bunch.id)}`)).statusCode).toBe(401);
  });
});
