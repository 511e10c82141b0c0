import { hash } from '@node-rs/argon2';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_VIEWS_PER_LIST, ROLE_IDS, VIEW_MESSAGES } from '@bloomline/contract';

import { auditEntries, savedViews, users } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { PASSWORD } from '../../test/fixtures';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

// Saved views (issue 40, DECISIONS.md "Many at once"): GET/POST/PUT/DELETE /api/views as staff, a second
// staff user, partner A and B, and signed out.

let h: Harness;
let staff: TestClient;
let colleague: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.42.0'));
  await h.database.db.insert(users).values({
    name: 'Cleo Colleague',
    email: 'colleague@example.com',
    passwordHash: await hash(PASSWORD),
    roleId: ROLE_IDS.staff,
  });
  colleague = h.client('10.42.0.4');
  await colleague.login('colleague@example.com');
});
afterAll(async () => h.close());

const save = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/views', { list: 'orders', ...body });
const viewsOf = async (client: TestClient) =>
  (await client.get('/api/views?list=orders')).json().data as {
    id: number;
    name: string;
    query: string;
    shared: boolean;
    mine: boolean;
    owner: string | null;
  }[];

describe('saving and reading', () => {
  it('saves the filters as the list reads them (page and defaults left out), answers 201 and audits', async () => {
    const res = await save(staff, {
      name: 'Cape Town unassigned',
      query: 'page=3&filter=unassigned&q=+cape+&s=created_at&d=desc&sd=2026-02-14',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      name: 'Cape Town unassigned',
      query: 'q=cape&filter=unassigned&sd=2026-02-14',
      shared: false,
      mine: true,
      owner: null,
    });
    const [audit] = await h.database.db
      .select({ n: count() })
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'saved view'), eq(auditEntries.event, 'created')));
    expect(audit!.n).toBe(1);
  });

  it('a shared view shows to every staff user with who saved it, never to partners', async () => {
    await save(staff, { name: 'Late deliveries', query: 'filter=accepted&ed=2026-02-01', shared: true });
    const theirs = await viewsOf(colleague);
    expect(theirs).toEqual([
      {
        id: expect.any(Number),
        name: 'Late deliveries',
        query: 'filter=accepted&ed=2026-02-01',
        shared: true,
        mine: false,
        owner: 'Ada Admin',
      },
    ]);
    expect(await viewsOf(partnerA)).toEqual([]);
  });

  it('a partner keeps views of their own, but may not share them (422 on shared)', async () => {
    const res = await save(partnerA, { name: 'Today', query: 'filter=today' });
    expect(res.statusCode).toBe(201);
    expect((await viewsOf(partnerA)).map((v) => v.name)).toEqual(['Today']);
    expect(await viewsOf(partnerB)).toEqual([]);
    const shared = await save(partnerA, { name: 'Shared', query: '', shared: true });
    expect(shared.statusCode).toBe(422);
    expect(shared.json().errors).toEqual({ shared: [VIEW_MESSAGES.shareStaffOnly] });
  });

  it('refuses bad filters, names and lists, and guests', async () => {
    const bad = await save(staff, { name: 'Bad', query: 'filter=nonsense' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ query: [VIEW_MESSAGES.query] });
    const date = await save(staff, { name: 'Bad', query: 'sd=2026-02-30' });
    expect(date.json().errors).toEqual({ query: [VIEW_MESSAGES.query] });
    const blank = await save(staff, { name: '  ', query: '' });
    expect(blank.json().errors).toEqual({ name: ['Name is required.'] });
    const long = await save(staff, { name: 'x'.repeat(61), query: '' });
    expect(long.json().errors).toEqual({ name: ['Name can have at most 60 characters.'] });
    const list = await staff.post('/api/views', { list: 'partners', name: 'X', query: '' });
    expect(list.json().errors).toEqual({ list: [VIEW_MESSAGES.list] });
    expect((await staff.get('/api/views')).statusCode).toBe(422);
    expect((await h.client('10.42.9.9').get('/api/views?list=orders')).statusCode).toBe(401);
  });
});

describe('changing', () => {
  it('renames, refilters, shares and reorders the owner’s own views', async () => {
    const names = ['One', 'Two', 'Three'];
    const made = [];
    for (const name of names) made.push((await save(colleague, { name, query: `q=${name}` })).json().data);
    const moved = await colleague.put(`/api/views/${String(made[2].id)}`, { position: 0 });
    expect(moved.statusCode).toBe(200);
    expect((await viewsOf(colleague)).filter((v) => v.mine).map((v) => v.name)).toEqual([
      'Three',
      'One',
      'Two',
    ]);
    const renamed = await colleague.put(`/api/views/${String(made[0].id)}`, {
      name: 'First',
      query: 'filter=open&p=2',
      shared: true,
    });
    expect(renamed.json().data).toMatchObject({ name: 'First', query: 'p=2&filter=open', shared: true });
    // Staff see it shared; the others' order is theirs.
    expect((await viewsOf(staff)).find((v) => v.name === 'First')).toMatchObject({
      mine: false,
      owner: 'Cleo Colleague',
    });
  });

  it('anyone else’s view is 404 to change or delete, shared or not, and stays as it was', async () => {
    const [view] = (await viewsOf(staff)).filter((v) => v.mine && v.shared);
    expect((await colleague.put(`/api/views/${String(view!.id)}`, { name: 'Mine now' })).statusCode).toBe(
      404,
    );
    expect((await colleague.delete(`/api/views/${String(view!.id)}`)).statusCode).toBe(404);
    expect((await partnerA.delete(`/api/views/${String(view!.id)}`)).statusCode).toBe(404);
    expect((await staff.put('/api/views/999999', { name: 'X' })).statusCode).toBe(404);
    expect((await viewsOf(staff)).find((v) => v.id === view!.id)?.name).toBe('Late deliveries');
  });

  it('deletes: 204, gone from the tabs, audited', async () => {
    const made = (await save(partnerB, { name: 'Gone soon', query: '' })).json().data;
    const res = await partnerB.delete(`/api/views/${String(made.id)}`);
    expect(res.statusCode).toBe(204);
    expect(await viewsOf(partnerB)).toEqual([]);
    const [audit] = await h.database.db
      .select({ n: count() })
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'saved view'), eq(auditEntries.event, 'deleted')));
    expect(audit!.n).toBe(1);
  });

  it(`keeps at most ${String(MAX_VIEWS_PER_LIST)} views of a list per user`, async () => {
    const userId = h.fixtures.userB.id;
    await h.database.db.insert(savedViews).values(
      Array.from({ length: MAX_VIEWS_PER_LIST }, (_, i) => ({
        userId,
        list: 'orders',
        name: `View ${String(i)}`,
        query: '',
        position: i,
      })),
    );
    const res = await save(partnerB, { name: 'One too many', query: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: [VIEW_MESSAGES.tooMany] });
  });
});
