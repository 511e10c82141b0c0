import formbody from '@fastify/formbody';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { idParams, requiredString } from '@bloomline/contract';

import { auditEntries } from '../db/schema';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { FORM_TYPES } from '../plugins/forms';
import { createHarness } from '../test/harness';
import type { Harness } from '../test/harness';
import { areaRoutes } from './area-routes';
import { auditTrail } from './audit';
import { found } from './errors';

// The route kit drives a tiny area of its own, as a plain area declares it: an in-memory record with a
// name, created, read, updated (PUT and a POST with _method=PUT, JSON or a multipart form) and deleted, its
// audit entries written on the harness's database, and a 422 bag from the body's schema.

const note = z.object({ id: z.number(), name: z.string() });
const noteBody = z.object({ name: requiredString(20) });
type Note = z.infer<typeof note>;
const trail = auditTrail('colour', (n: Note) => ({ name: n.name }));

let h: Harness;
let app: FastifyInstance;
let USER_ID: number;
const schemas = new Map<string, FastifySchema>();
const responseCodes = (key: string) => Object.keys(schemas.get(key)?.response ?? {});

function notesService() {
  const notes = new Map<number, Note>();
  let next = 900_001;
  const { db } = h.database;
  return {
    list: () => [...notes.values()],
    get: (id: number) => found(notes.get(id)),
    create: async (userId: number, input: { name: string }) => {
      const created = { id: next++, name: input.name };
      notes.set(created.id, created);
      await trail.created(db, { userId, record: created, message: `Note ${created.name} created.` });
      return created;
    },
    update: async (userId: number, id: number, input: { name: string }) => {
      const before = found(notes.get(id));
      const after = { ...before, name: input.name };
      notes.set(id, after);
      await trail.updated(db, { userId, before, after, message: `Note ${after.name} updated.` });
      return after;
    },
    remove: async (userId: number, id: number) => {
      const before = found(notes.get(id));
      notes.delete(id);
      await trail.deleted(db, { userId, record: before, message: `Note ${before.name} deleted.` });
    },
  };
}

const notesRoutes: FastifyPluginAsyncZod<{ notes: ReturnType<typeof notesService> }> = async (
  zodApp,
  { notes },
) => {
  const routes = await areaRoutes(zodApp, { tags: ['notes'], forms: true });
  routes.read('/api/notes', { summary: 'Every note', data: z.array(note) }, async () => notes.list());
  routes.read('/api/notes/:id', { summary: 'One note', params: idParams, data: note }, async ({ params }) =>
    notes.get(params.id),
  );
  routes.create('/api/notes', { summary: 'Create a note', body: noteBody, data: note }, ({ user, body }) =>
    notes.create(user.id, body),
  );
  routes.update(
    '/api/notes/:id',
    { summary: 'Update a note', spoofable: true, params: idParams, body: noteBody, data: note },
    ({ user, params, body }) => notes.update(user.id, params.id, body),
  );
  routes.action(
    '/api/notes/:id/rename',
    { summary: 'Rename a note', params: idParams, body: noteBody, data: note, errors: [409] },
    ({ user, params, body }) => notes.update(user.id, params.id, body),
  );
  routes.remove(
    '/api/notes/:id',
    { summary: 'Delete a note', params: idParams, errors: [409] },
    ({ user, params }) => notes.remove(user.id, params.id),
  );
};

/** The same area's record routes in one declaration, at another address: they must match the above. */
const memoRoutes: FastifyPluginAsyncZod<{ notes: ReturnType<typeof notesService> }> = async (
  zodApp,
  { notes },
) => {
  const routes = await areaRoutes(zodApp, { tags: ['notes'], forms: true });
  routes.records('/api/memos', notes, {
    body: noteBody,
    record: note,
    spoofable: true,
    summaries: { get: 'One note', create: 'Create a note', update: 'Update a note', remove: 'Delete a note' },
    removeErrors: [409],
  });
};

const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'colour'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);

function multipart(fields: Record<string, string>) {
  const boundary = 'kit-boundary';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

beforeAll(async () => {
  h = await createHarness();
  USER_ID = h.fixtures.staff.id;
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(formbody);
  await app.register(errorHandlerPlugin, {});
  // Stands in for the session: every request is this user's.
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = {
      id: USER_ID,
      name: 'Kit',
      email: 'kit@example.com',
      roleId: 1,
      partnerId: null,
      isStaff: true,
    };
  });
  app.addHook('onRoute', (route) => {
    schemas.set(`${[route.method].flat().join('|')} ${route.url}`, route.schema ?? {});
  });
  await app.register(notesRoutes, { notes: notesService() });
  await app.register(memoRoutes, { notes: notesService() });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await h.close();
});

describe('the route kit', () => {
  let id: number;

  it('creates with 201 {data} and audits the new values', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/notes', payload: { name: ' First ' } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ data: Note }>().data;
    expect(created).toEqual({ id: expect.any(Number) as number, name: 'First' });
    id = created.id;
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      event: 'created',
      userId: USER_ID,
      oldValues: null,
      newValues: { name: 'First' },
    });
  });

  it('reads one and all as {data}, and 404 for a missing record', async () => {
    expect((await app.inject({ url: `/api/notes/${String(id)}` })).json()).toEqual({
      data: { id, name: 'First' },
    });
    expect((await app.inject({ url: '/api/notes' })).json()).toEqual({ data: [{ id, name: 'First' }] });
    expect((await app.inject({ url: '/api/notes/1' })).statusCode).toBe(404);
  });

  it('updates by PUT with 200 {data}, audited with the values before and after', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/notes/${String(id)}`,
      payload: { name: 'Second' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id, name: 'Second' } });
    const entries = await auditOf(id);
    expect(entries.at(-1)).toMatchObject({
      event: 'updated',
      message: 'Note Second updated.',
      oldValues: { name: 'First' },
      newValues: { name: 'Second' },
    });
  });

  it('updates by a multipart POST with _method=PUT, and refuses a POST without it (405)', async () => {
    const spoofed = await app.inject({
      method: 'POST',
      url: `/api/notes/${String(id)}`,
      ...multipart({ _method: 'PUT', name: 'Third' }),
    });
    expect(spoofed.statusCode).toBe(200);
    expect(spoofed.json()).toEqual({ data: { id, name: 'Third' } });
    const plain = await app.inject({
      method: 'POST',
      url: `/api/notes/${String(id)}`,
      payload: { name: 'No' },
    });
    expect(plain.statusCode).toBe(405);
    expect(plain.headers.allow).toBe('PUT');
  });

  it('answers a 422 bag from the body schema, and changes nothing', async () => {
    const res = await app.inject({ method: 'PUT', url: `/api/notes/${String(id)}`, payload: { name: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('name');
    expect((await app.inject({ url: `/api/notes/${String(id)}` })).json()).toEqual({
      data: { id, name: 'Third' },
    });
  });

  it('answers an action (a POST that creates nothing) with 200 {data}, its errors documented', async () => {
    const created = (await app.inject({ method: 'POST', url: '/api/notes', payload: { name: 'Act' } })).json<{
      data: Note;
    }>().data;
    const res = await app.inject({
      method: 'POST',
      url: `/api/notes/${String(created.id)}/rename`,
      payload: { name: 'Acted' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: created.id, name: 'Acted' } });
    expect(responseCodes('POST /api/notes/:id/rename')).toEqual(expect.arrayContaining(['200', '409']));
    const bad = await app.inject({
      method: 'POST',
      url: `/api/notes/${String(created.id)}/rename`,
      payload: {},
    });
    expect(bad.statusCode).toBe(422);
  });

  it('deletes with 204 and no body, audited with the old values', async () => {
    const res = await app.inject({ method: 'DELETE', url: `/api/notes/${String(id)}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await auditOf(id)).at(-1)).toMatchObject({
      event: 'deleted',
      oldValues: { name: 'Third' },
      newValues: null,
    });
    expect((await app.inject({ url: `/api/notes/${String(id)}` })).statusCode).toBe(404);
  });

  it('declares the schema a route written by hand would have', () => {
    expect(schemas.get('POST /api/notes')).toMatchObject({
      tags: ['notes'],
      consumes: FORM_TYPES,
      body: noteBody,
    });
    expect(responseCodes('POST /api/notes')).toEqual(['201']);
    expect(schemas.get('PUT|POST /api/notes/:id')).toMatchObject({ consumes: FORM_TYPES, params: idParams });
    expect(responseCodes('PUT|POST /api/notes/:id')).toEqual(['200', '405']);
    expect(schemas.get('DELETE /api/notes/:id')).not.toHaveProperty('consumes');
    expect(responseCodes('DELETE /api/notes/:id')).toEqual(['204', '409']);
    expect(schemas.get('GET /api/notes')).toMatchObject({ tags: ['notes'], summary: 'Every note' });
    expect(schemas.get('GET /api/notes')).not.toHaveProperty('consumes');
    expect(responseCodes('GET /api/notes')).toEqual(['200']);
  });

  it("declares a record's four routes in one `records` call exactly as the single declarations do", async () => {
    for (const route of [
      'GET /api/notes/:id',
      'POST /api/notes',
      'PUT|POST /api/notes/:id',
      'DELETE /api/notes/:id',
    ]) {
      const memo = route.replace('/api/notes', '/api/memos');
      expect(schemas.get(memo), memo).toEqual(schemas.get(route));
    }

    const created = await app.inject({ method: 'POST', url: '/api/memos', payload: { name: 'Memo' } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ data: { id: number } }>().data;
    const spoofed = await app.inject({
      method: 'POST',
      url: `/api/memos/${String(id)}`,
      ...multipart({ _method: 'PUT', name: 'Memo 2' }),
    });
    expect(spoofed.json()).toEqual({ data: { id, name: 'Memo 2' } });
    expect((await app.inject({ method: 'GET', url: `/api/memos/${String(id)}` })).json()).toEqual({
      data: { id, name: 'Memo 2' },
    });
    expect((await app.inject({ method: 'DELETE', url: `/api/memos/${String(id)}` })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: `/api/memos/${String(id)}` })).statusCode).toBe(404);
  });
});
