import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Paged, UserListItem, UserRecord } from '@bloomline/contract';

import { auditEntries, users } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

// The users list, one user, the roles and new users: as staff, as partner users A and B (403 on the staff
// calls; A and B each read only themself, anyone else is a 404) and signed out (401); the 422 bags; the
// invitation mail and its link; the audit rows, without password hashes.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors: Record<string, string[]> };
const data = <T>(res: { json: <J>() => J }) => res.json<{ data: T }>().data;
const userCount = async () =>
  (await h.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.31.0'));
  for (let i = 1; i <= 16; i += 1) {
    await h.database.db.insert(users).values({
      name: `Zinhle Zulu ${String(i).padStart(2, '0')}`,
      email: `zinhle${String(i)}@example.com`,
      phoneNumber: `082 555 10${String(i).padStart(2, '0')}`,
      passwordHash: 'x',
      roleId: 1,
      partnerId: h.fixtures.partnerB.id,
    });
  }
});
afterAll(() => h.close());

describe('GET /api/users', () => {
  it('pages the users by name in Laravel’s shape, with role, partner and permissions', async () => {
    const res = await staff.get('/api/users');
    expect(res.statusCode).toBe(200);
    const body = res.json<Paged<UserListItem>>();
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 15, total: 20, last_page: 2 });
    expect(body.data.map((u) => u.name).slice(0, 4)).toEqual([
      'Ada Admin',
      'Dora Disabled',
      'Fiona Florist',
      'Frank Florist',
    ]);
    expect(body.data[0]).toEqual({
      id: h.fixtures.staff.id,
      name: 'Ada Admin',
      email: 'admin@example.com',
      phoneNumber: null,
      isStaff: true,
      enabled: true,
      role: { id: 2, name: 'Admin' },
      partner: null,
      permissions: expect.objectContaining({ partnerStatements: false }) as object,
    });
    expect(body.data.find((u) => u.name === 'Fiona Florist')).toMatchObject({
      isStaff: false,
      role: { id: 1, name: 'Partner' },
      partner: { id: h.fixtures.partnerA.id, name: 'Protea Petals' },
      permissions: expect.objectContaining({ partnerStatements: true }) as object,
    });
    expect(body.data.find((u) => u.name === 'Dora Disabled')?.enabled).toBe(false);
  });

  it('searches name, e-mail and phone number, case-insensitively, and keeps q in the page links', async () => {
    const byName = (await staff.get('/api/users?q=FLORIST')).json<Paged<UserListItem>>();
    expect(byName.data.map((u) => u.name)).toEqual(['Fiona Florist', 'Frank Florist']);
    const byEmail = (await staff.get('/api/users?q=admin@')).json<Paged<UserListItem>>();
    expect(byEmail.data.map((u) => u.name)).toEqual(['Ada Admin']);
    const byPhone = (await staff.get('/api/users?q=555%201016')).json<Paged<UserListItem>>();
    expect(byPhone.data.map((u) => u.name)).toEqual(['Zinhle Zulu 16']);
    const two = (await staff.get('/api/users?q=zinhle&page=2')).json<Paged<UserListItem>>();
    expect(two.data.map((u) => u.name)).toEqual(['Zinhle Zulu 16']);
    expect(two.meta.links[0]!.url).toBe('/api/users?q=zinhle&s=name&d=asc&page=1');
    const past = (await staff.get('/api/users?page=9')).json<Paged<UserListItem>>();
    expect(past).toMatchObject({ data: [], meta: { total: 20, current_page: 9, from: null } });
  });

  it('refuses a malformed search or sort', async () => {
    const res = await staff.get('/api/users?s=password_hash&d=up');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<Errors>().errors).sort()).toEqual(['d', 's']);
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/users')).statusCode).toBe(403);
    expect((await partnerB.get('/api/users?q=fiona')).statusCode).toBe(403);
    expect((await h.client().get('/api/users')).statusCode).toBe(401);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers staff any user', async () => {
    const res = await staff.get(`/api/users/${String(h.fixtures.userB.id)}`);
    expect(data<UserRecord>(res)).toMatchObject({
      id: h.fixtures.userB.id,
      name: 'Frank Florist',
      partner: { id: h.fixtures.partnerB.id, name: 'Fynbos & Co' },
      permissions: expect.objectContaining({ partnerStatements: false }) as object,
    });
  });

  it('answers a partner user themself, and anyone else (of any partner) as missing', async () => {
    const { userA, userB, staff: admin, disabled } = h.fixtures;
    expect(data<UserRecord>(await partnerA.get(`/api/users/${String(userA.id)}`)).email).toBe(
      'florist@example.com',
    );
    for (const id of [userB.id, admin.id, disabled.id, 999_999]) {
      const res = await partnerA.get(`/api/users/${String(id)}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json<Errors>().message).toBe('Not Found');
    }
    expect((await partnerB.get(`/api/users/${String(userA.id)}`)).statusCode).toBe(404);
  });

  it('is 404 for a missing or malformed id and 401 signed out', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
      expect((await staff.get(`/api/users/${id}`)).statusCode).toBe(404);
    }
    expect((await h.client().get('/api/users/1')).statusCode).toBe(401);
  });
});

describe('GET /api/roles', () => {
  it('lists the two roles for staff, and no one else', async () => {
    expect(data(await staff.get('/api/roles'))).toEqual([
      { id: 1, name: 'Partner', slug: 'partner' },
      { id: 2, name: 'Admin', slug: 'admin' },
    ]);
    expect((await partnerA.get('/api/roles')).statusCode).toBe(403);
    expect((await h.client().get('/api/roles')).statusCode).toBe(401);
  });
});

describe('POST /api/users', () => {
  it('creates a partner user from a multipart form, audits it and e-mails a link that sets a password', async () => {
    const res = await staff.form('/api/users', {
      name: 'Lerato Mokoena',
      email: 'Lerato@Example.com',
      phoneNumber: '+27 82 555 0101',
      role_id: 1,
      partner_id: h.fixtures.partnerA.id,
      partner_statements: true,
      enabled: true,
    });
    expect(res.statusCode).toBe(201);
    const created = data<UserRecord>(res);
    expect(created).toEqual({
      id: created.id,
      name: 'Lerato Mokoena',
      email: 'Lerato@Example.com',
      phoneNumber: '+27 82 555 0101',
      isStaff: false,
      enabled: true,
      role: { id: 1, name: 'Partner' },
      partner: { id: h.fixtures.partnerA.id, name: 'Protea Petals' },
      permissions: expect.objectContaining({ partnerStatements: true }) as object,
    });

    const [entry] = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'user'), eq(auditEntries.propertyId, created.id)));
    expect(entry).toMatchObject({ event: 'created', userId: h.fixtures.staff.id });
    expect(entry!.newValues).toEqual({
      name: 'Lerato Mokoena',
      email: 'Lerato@Example.com',
      phoneNumber: '+27 82 555 0101',
      roleId: 1,
      partnerId: h.fixtures.partnerA.id,
      enabled: true,
      partnerStatements: true,
      manageXero: false,
      authenticateXero: false,
      managePayouts: false,
    });
    expect(JSON.stringify(entry)).not.toMatch(/argon2|password/i);

    await h.mailsSent();
    const mail = h.outbox.find((m) => m.to === 'Lerato@Example.com');
    expect(mail?.subject).toBe('Your Bloomline account');
    const link = /http:\/\/localhost:3000\/reset-password\/(\S+)\?email=(\S+)/.exec(mail!.text);
    expect(decodeURIComponent(link![2]!)).toBe('Lerato@Example.com');

    // Until the link is used nobody can sign in: the password is a random one nobody knows.
    const lerato = h.client('10.31.9.1');
    expect((await lerato.login('lerato@example.com', 'password')).statusCode).toBe(422);
    await lerato.csrf();
    const set = await lerato.post('/api/reset-password', {
      token: link![1],
      email: 'lerato@example.com',
      password: 'Protea-2026',
      password_confirmation: 'Protea-2026',
    });
    expect(set.statusCode).toBe(200);
    expect((await lerato.login('lerato@example.com', 'Protea-2026')).statusCode).toBe(200);
    expect(data<{ name: string }>(await lerato.get('/api/me')).name).toBe('Lerato Mokoena');
    // The link works once.
    await lerato.post('/api/logout');
    await lerato.csrf();
    const again = await lerato.post('/api/reset-password', {
      token: link![1],
      email: 'lerato@example.com',
      password: 'Another-2026',
      password_confirmation: 'Another-2026',
    });
    expect(again.statusCode).toBe(422);
  });

  it('gives a staff user no partner and no partner permission, whatever is sent, from JSON too', async () => {
    const res = await staff.post('/api/users', {
      name: 'Sam Staff',
      email: 'sam.staff@example.com',
      role_id: 2,
      partner_id: h.fixtures.partnerA.id,
      partner_statements: true,
    });
    expect(res.statusCode).toBe(201);
    expect(data<UserRecord>(res)).toMatchObject({
      isStaff: true,
      role: { id: 2, name: 'Admin' },
      partner: null,
      phoneNumber: null,
      enabled: true,
      permissions: expect.objectContaining({ partnerStatements: false }) as object,
    });
    const [row] = await h.database.db.select().from(users).where(eq(users.email, 'sam.staff@example.com'));
    expect(row).toMatchObject({ partnerId: null, partnerStatements: false });
  });

  it('sends no invitation to a user created disabled', async () => {
    await h.mailsSent();
    const before = h.outbox.length;
    const res = await staff.form('/api/users', {
      name: 'Dormant Dlamini',
      email: 'dormant@example.com',
      role_id: 1,
      partner_id: h.fixtures.partnerB.id,
      enabled: false,
    });
    expect(res.statusCode).toBe(201);
    expect(data<UserRecord>(res).enabled).toBe(false);
    await h.mailsSent();
    expect(h.outbox.length).toBe(before);
  });

  it('answers 422 in Laravel’s words, and writes nothing', async () => {
    const count = await userCount();
    const cases: [Record<string, string | number>, Record<string, string[]>][] = [
      [
        { name: '', email: 'not-an-email', role_id: 3, phoneNumber: 'call me', enabled: 'maybe' },
        {
          name: ['Name is required.'],
          email: ['Email must be a valid email address.'],
          phoneNumber: ['Phone number is not in the right format.'],
          role_id: ['Choose a valid role.'],
          enabled: ['Enabled must be true or false.'],
        },
      ],
      [{ name: 'No Role', email: 'norole@example.com' }, { role_id: ['Choose a role.'] }],
      [
        { name: 'No Partner', email: 'nopartner@example.com', role_id: 1, partner_id: '' },
        { partner_id: ['Choose the partner this user works for.'] },
      ],
      [
        { name: 'Lost Partner', email: 'lost@example.com', role_id: 1, partner_id: 2147483647 },
        { partner_id: ['Choose a valid partner.'] },
      ],
      [
        { name: 'Fiona Again', email: 'FLORIST@example.com', role_id: 1, partner_id: h.fixtures.partnerA.id },
        { email: ['This email is already taken.'] },
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await staff.form('/api/users', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json<Errors>().errors).toEqual(errors);
    }
    expect(await userCount()).toBe(count);
  });

  it('is staff only, and a refused request creates nobody', async () => {
    const count = await userCount();
    const body = { name: 'Sneaky', email: 'sneaky@example.com', role_id: 2 };
    expect((await partnerA.form('/api/users', body)).statusCode).toBe(403);
    expect((await partnerB.post('/api/users', body)).statusCode).toBe(403);
    const guest = h.client();
    await guest.csrf();
    expect((await guest.post('/api/users', body)).statusCode).toBe(401);
    expect((await staff.post('/api/users', body, { 'x-xsrf-token': 'wrong' })).statusCode).toBe(419);
    expect(await userCount()).toBe(count);
  });
});
