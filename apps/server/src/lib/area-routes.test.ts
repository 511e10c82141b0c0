import formbody from '@fastify/formbody';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { dataOf, idParams, requiredString, route } from '@bloomline/contract';

import { auditEntries } from '../db/schema';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { FORM_TYPES } from '../plugins/forms';
import { createHarness } from '../test/harness';
import type { Harness } from '../test/harness';
import { areaRoutes } from './area-routes';
import { auditTrail } from './audit';
import { found, notFound } from './errors';

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

/** The tiny area's routes, declared as the contract declares an area's (`route()`). */
const noteRoutes = {
  list: route({ method: 'GET', path: '/api/notes', answer: dataOf(z.array(note)) }),
  get: route({ method: 'GET', path: '/api/notes/:id', params: idParams, answer: dataOf(note) }),
  create: route({ method: 'POST', path: '/api/notes', body: noteBody, answer: dataOf(note) }),
  update: route({
    method: 'PUT',
    path: '/api/notes/:id',
    params: idParams,
    body: noteBody,
    answer: dataOf(note),
  }),
  rename: route({
    method: 'POST',
    path: '/api/notes/:id/rename',
    params: idParams,
    body: noteBody,
    answer: dataOf(note),
  }),
  /** An action without a body, as most workflow POSTs are. */
  touch: route({ method: 'POST', path: '/api/notes/:id/touch', params: idParams, answer: dataOf(note) }),
  remove: route({ method: 'DELETE', path: '/api/notes/:id', params: idParams }),
  /** A status chosen at run time (201 new, 200 already there), written by the handler itself. */
  put: route({ method: 'PUT', path: '/api/notes-by-name', body: noteBody, answer: dataOf(note) }),
  /** Another record's spoofable update whose own guard answers before the `_method` check. */
  locked: route({
    method: 'PUT',
    path: '/api/locked/:id',
    params: idParams,
    body: noteBody,
    answer: dataOf(note),
  }),
  /** … and the same, its guard after the check (the usual order). */
  lockedLate: route({
    method: 'PUT',
    path: '/api/locked-late/:id',
    params: idParams,
    body: noteBody,
    answer: dataOf(note),
  }),
};

/** Nobody reaches a locked note: 404, as a record out of reach answers. */
const outOfReach = async () => {
  throw notFound();
};

const notesRoutes: FastifyPluginAsyncZod<{ notes: ReturnType<typeof notesService> }> = async (
  zodApp,
  { notes },
) => {
  const routes = await areaRoutes(zodApp, { tags: ['notes'], forms: true });
  routes.serve(noteRoutes.list, { summary: 'Every note' }, async () => ({ data: notes.list() }));
  routes.serve(noteRoutes.get, { summary: 'One note' }, async ({ params }) => ({
    data: notes.get(params.id),
  }));
  routes.serve(noteRoutes.create, { summary: 'Create a note', created: true }, async ({ user, body }) => ({
    data: await notes.create(user.id, body),
  }));
  routes.serve(
    noteRoutes.update,
    { summary: 'Update a note', spoofable: true },
    async ({ user, params, body }) => ({ data: await notes.update(user.id, params.id, body) }),
  );
  routes.serve(
    noteRoutes.rename,
    { summary: 'Rename a note', errors: [409] },
    async ({ user, params, body }) => ({ data: await notes.update(user.id, params.id, body) }),
  );
  routes.serve(noteRoutes.touch, { summary: 'Touch a note' }, async ({ params, viewer }) => {
    const one = notes.get(params.id);
    return { data: { ...one, name: `${one.name} (${viewer.kind})` } };
  });
  routes.serve(noteRoutes.remove, { summary: 'Delete a note', errors: [409] }, async ({ user, params }) => {
    await notes.remove(user.id, params.id);
  });
  routes.serveOwn(
    noteRoutes.put,
    { summary: 'Create or find a note by name', responses: { 201: dataOf(note) } },
    async ({ user, body, reply }) => {
      const there = notes.list().find((n) => n.name === body.name);
      if (there) return reply.send({ data: there });
      return reply.code(201).send({ data: await notes.create(user.id, body) });
    },
  );
  routes.serve(
    noteRoutes.locked,
    { summary: 'A locked note', spoofable: true, preValidation: outOfReach, guardsFirst: true },
    async () => ({ data: { id: 0, name: 'never' } }),
  );
  routes.serve(
    noteRoutes.lockedLate,
    { summary: 'A locked note', spoofable: true, preValidation: outOfReach },
    async () => ({ data: { id: 0, name: 'never' } }),
  );
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

  it('answers an action without a body, its handler told who is looking', async () => {
    const created = (
      await app.inject({ method: 'POST', url: '/api/notes', payload: { name: 'Touch' } })
    ).json<{
      data: Note;
    }>().data;
    const res = await app.inject({ method: 'POST', url: `/api/notes/${String(created.id)}/touch` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { id: created.id, name: 'Touch (staff)' } });
    expect(schemas.get('POST /api/notes/:id/touch')).not.toHaveProperty('body');
  });

  it('lets a handler write its own answer with a status chosen at run time, both documented', async () => {
    const first = await app.inject({ method: 'PUT', url: '/api/notes-by-name', payload: { name: 'Once' } });
    expect(first.statusCode).toBe(201);
    const again = await app.inject({ method: 'PUT', url: '/api/notes-by-name', payload: { name: 'Once' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(responseCodes('PUT /api/notes-by-name')).toEqual(['200', '201']);
  });

  it("runs a route's own guards before the `_method` check when asked, after it otherwise", async () => {
    const post = (url: string) => app.inject({ method: 'POST', url, payload: { name: 'x' } });
    // Out of reach is a 404 whatever the method …
    expect((await post('/api/locked/1')).statusCode).toBe(404);
    // … where the usual order answers the missing `_method` first.
    expect((await post('/api/locked-late/1')).statusCode).toBe(405);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/locked-late/1', payload: { name: 'x' } })).statusCode,
    ).toBe(404);
  });
});
