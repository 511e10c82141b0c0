import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Colour } from '@bloomline/contract';

import { auditEntries, colours, components } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

// Colours as staff, as partner users (403) and signed out (401): the list, one colour, create, update
// (PUT, and POST with _method=PUT as multipart, urlencoded or JSON), delete, and the database's own
// refusals (a duplicate name in any case: 422; a colour components are in: 409).

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };
let red: Colour;
let clear: Colour;

const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'colour'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);
const listed = async () => (await staff.get('/api/colours')).json<{ data: Colour[] }>().data;

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.2'));
  const rows = await h.database.db
    .insert(colours)
    .values([{ name: 'Red' }, { name: 'clear' }])
    .returning();
  red = { id: rows[0]!.id, name: 'Red' };
  clear = { id: rows[1]!.id, name: 'clear' };
  await h.database.db.insert(components).values({ name: 'Red rose', colourId: red.id });
});
afterAll(() => h.close());

describe('GET /api/colours', () => {
  it('lists every colour by name, ignoring case', async () => {
    const res = await staff.get('/api/colours');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Colour[] }>().data).toEqual([clear, red]);
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/colours')).statusCode).toBe(403);
    expect((await partnerB.get('/api/colours')).statusCode).toBe(403);
    expect((await h.client().get('/api/colours')).statusCode).toBe(401);
  });
});

describe('GET /api/colours/{id}', () => {
  it('answers one colour, 404 for a missing one, 403 for partners', async () => {
    const res = await staff.get(`/api/colours/${String(red.id)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Colour }>().data).toEqual(red);
    expect((await staff.get('/api/colours/999999')).statusCode).toBe(404);
    expect((await partnerA.get(`/api/colours/${String(red.id)}`)).statusCode).toBe(403);
    expect((await h.client().get(`/api/colours/${String(red.id)}`)).statusCode).toBe(401);
  });
});

describe('POST /api/colours', () => {
  it('creates a colour from a multipart form, with an audit entry', async () => {
    const res = await staff.form('/api/colours', { name: ' White ' });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ data: Colour }>().data;
    expect(created).toEqual({ id: expect.any(Number) as number, name: 'White' });
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({
      event: 'created',
      message: 'Colour White created.',
      userId: h.fixtures.staff.id,
      oldValues: null,
      newValues: { name: 'White' },
    });
  });

  it('reads JSON too', async () => {
    const res = await staff.post('/api/colours', { name: 'Yellow' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: Colour }>().data.name).toBe('Yellow');
  });

  it('refuses a blank name and a name taken in any case, writing nothing', async () => {
    const before = await listed();
    const blank = await staff.form('/api/colours', { name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json<Errors>().errors).toEqual({ name: ['Name is required.'] });
    const long = await staff.post('/api/colours', { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json<Errors>().errors ?? {})).toEqual(['name']);
    const taken = await staff.form('/api/colours', { name: 'RED' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json<Errors>()).toEqual({
      message: 'This name is already taken.',
      errors: { name: ['This name is already taken.'] },
    });
    expect(await listed()).toEqual(before);
  });

  it('is staff only and needs the CSRF token', async () => {
    expect((await partnerA.post('/api/colours', { name: 'Pink' })).statusCode).toBe(403);
    expect((await partnerB.form('/api/colours', { name: 'Pink' })).statusCode).toBe(403);
    const res = await staff.post('/api/colours', { name: 'Pink' }, { 'x-xsrf-token': 'x' });
    expect(res.statusCode).toBe(419);
    expect((await listed()).map((c) => c.name)).not.toContain('Pink');
  });
});

describe('updating a colour', () => {
  it('takes a POST with _method=PUT as multipart and records only what changed', async () => {
    const res = await staff.form(`/api/colours/${String(clear.id)}`, { name: 'Clear', _method: 'PUT' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Colour }>().data).toEqual({ ...clear, name: 'Clear' });
    expect((await auditOf(clear.id)).at(-1)).toMatchObject({
      event: 'updated',
      message: 'Colour Clear updated.',
      oldValues: { name: 'clear' },
      newValues: { name: 'Clear' },
    });
  });

  it('takes a plain PUT, urlencoded and JSON spoofing; a POST without _method is a 405', async () => {
    const url = `/api/colours/${String(clear.id)}`;
    expect((await staff.put(url, { name: 'Clear glass' })).json<{ data: Colour }>().data.name).toBe(
      'Clear glass',
    );
    const urlencoded = await staff.post(url, 'name=Clear&_method=PUT', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(urlencoded.json<{ data: Colour }>().data.name).toBe('Clear');
    expect((await staff.post(url, { name: 'Clear', _method: 'put' })).statusCode).toBe(200);
    expect((await staff.post(url, { name: 'Clear' })).statusCode).toBe(405);
  });

  it('refuses a name another colour has, and leaves the colour as it was', async () => {
    const res = await staff.put(`/api/colours/${String(clear.id)}`, { name: 'red' });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({ name: ['This name is already taken.'] });
    expect((await listed()).find((c) => c.id === clear.id)).toEqual({ ...clear, name: 'Clear' });
  });

  it('is 404 for a missing colour and 403 for partners', async () => {
    expect((await staff.put('/api/colours/999999', { name: 'A' })).statusCode).toBe(404);
    expect((await partnerB.put(`/api/colours/${String(red.id)}`, { name: 'A' })).statusCode).toBe(403);
    expect((await listed()).find((c) => c.id === red.id)).toEqual(red);
  });
});

describe('DELETE /api/colours/{id}', () => {
  it('deletes an unused colour with an audit entry; again is a 404', async () => {
    const yellow = (await listed()).find((c) => c.name === 'Yellow')!;
    const res = await staff.delete(`/api/colours/${String(yellow.id)}`);
    expect(res.statusCode).toBe(204);
    expect(await listed()).not.toContainEqual(yellow);
    expect((await auditOf(yellow.id)).at(-1)).toMatchObject({
      event: 'deleted',
      message: 'Colour Yellow deleted.',
      oldValues: { name: 'Yellow' },
      newValues: null,
    });
    expect((await staff.delete(`/api/colours/${String(yellow.id)}`)).statusCode).toBe(404);
  });

  it('refuses a colour components are in, with a 409 naming them, and writes nothing', async () => {
    const before = (await auditOf(red.id)).length;
    const res = await staff.delete(`/api/colours/${String(red.id)}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<Errors>().message).toBe('This colour cannot be deleted: it is still used by components.');
    expect(await listed()).toContainEqual(red);
    expect(await auditOf(red.id)).toHaveLength(before);
  });

  it('is staff only', async () => {
    expect((await partnerA.delete(`/api/colours/${String(clear.id)}`)).statusCode).toBe(403);
    // Signed out: no live session, so 401 before any CSRF check (DECISIONS.md "Session").
    expect((await h.client().delete(`/api/colours/${String(clear.id)}`)).statusCode).toBe(401);
    expect(await listed()).toContainEqual({ ...clear, name: 'Clear' });
  });
});
