import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CurrentUser } from '@bloomline/contract';

import { passwordResetTokens } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import type { Errors } from './users.test-support';
import { data, lastUserAudit, userMaker, userRow, userUrl as url } from './users.test-support';

// Anyone editing themself (their profile): name, e-mail and phone number, answered as GET /api/me; a
// different role, partner, permission or enabled flag is a 422 on it. Partner B never reaches A's users or
// anyone else's (404, before the body is read); partner users never toggle anyone (403).

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let signedInUser: ReturnType<typeof userMaker>;
const rowOf = (id: number) => userRow(h, id);
const lastAudit = (id: number) => lastUserAudit(h, id);

beforeAll(async () => {
  h = await createHarness();
  signedInUser = userMaker(h, '10.33');
  ({ staff, partnerA, partnerB } = await h.signedIn('10.33.0'));
});
afterAll(() => h.close());

describe('editing oneself (the profile)', () => {
  it('changes name, e-mail and phone, and answers as GET /api/me does', async () => {
    const { user, client } = await signedInUser({ partnerStatements: true });
    const res = await client.form(url(user.id), {
      _method: 'PUT',
      name: 'Proud Member',
      email: `proud.${user.email}`,
      phoneNumber: '083 555 0123',
    });
    expect(res.statusCode).toBe(200);
    const me = data<CurrentUser>(res);
    expect(me).toEqual(data<CurrentUser>(await client.get('/api/me')));
    expect(me).toMatchObject({
      name: 'Proud Member',
      email: `proud.${user.email}`,
      phoneNumber: '083 555 0123',
      partner: { id: h.fixtures.partnerA.id, partnerType: 'florist' },
      settings: { vat: 0.15 },
    });
    expect((await lastAudit(user.id))!.message).toBe('Proud Member updated their profile.');
  });

  it('takes a real multipart PUT too, and an e-mail change ends a link sent to the old address', async () => {
    const { user, client } = await signedInUser();
    await client.post('/api/forgot-password', { email: user.email });
    expect(await h.database.db.select().from(passwordResetTokens)).toHaveLength(1);
    const res = await client.form(url(user.id), { name: user.name, email: `new.${user.email}` }, 'PUT');
    expect(data<CurrentUser>(res).email).toBe(`new.${user.email}`);
    expect(await h.database.db.select().from(passwordResetTokens)).toEqual([]);
    // Their session goes on: only a changed role, partner or a disabled account ends it.
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });

  it('refuses a partner user a different role, partner, permission or enabled flag, and changes nothing', async () => {
    const { userB } = h.fixtures;
    const res = await partnerB.put(url(userB.id), {
      name: 'Frank Forged',
      email: userB.email,
      role_id: 2,
      partner_id: h.fixtures.partnerA.id,
      partner_statements: true,
      enabled: false,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({
      role_id: ['You cannot change your own role.'],
      partner_id: ['You cannot change your own partner.'],
      partner_statements: ['You cannot change your own permissions.'],
      enabled: ['You cannot disable your own account.'],
    });
    expect(await rowOf(userB.id)).toMatchObject({
      name: 'Frank Florist',
      roleId: 1,
      partnerId: h.fixtures.partnerB.id,
      partnerStatements: false,
      enabled: true,
    });
  });

  it('accepts those fields sent as they are, as a whole form sends them', async () => {
    const { userA, partnerA: a } = h.fixtures;
    const res = await partnerA.put(url(userA.id), {
      name: 'Fiona Florist',
      email: userA.email,
      role_id: 1,
      partner_id: a.id,
      partner_statements: true,
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(data<CurrentUser>(res).permissions.partnerStatements).toBe(true);
  });

  it('never lets staff disable themself or drop their own staff role', async () => {
    const { staff: admin } = h.fixtures;
    const res = await staff.put(url(admin.id), {
      name: admin.name,
      email: admin.email,
      role_id: 1,
      enabled: 0,
    });
    expect(res.json<Errors>().errors).toEqual({
      role_id: ['You cannot remove your own staff role.'],
      enabled: ['You cannot disable your own account.'],
    });
    const toggle = await staff.post(`${url(admin.id)}/enabled`);
    expect(toggle.statusCode).toBe(422);
    expect(toggle.json<Errors>()).toEqual({
      message: 'You cannot disable your own account.',
      errors: { enabled: ['You cannot disable your own account.'] },
    });
    expect(await rowOf(admin.id)).toMatchObject({ roleId: 2, enabled: true });
    expect((await staff.get('/api/me')).statusCode).toBe(200);
  });
});

describe('partner users and other people’s records', () => {
  it('answers partner B 404 on A’s users however the change is sent, and changes nothing', async () => {
    const { userA, staff: admin } = h.fixtures;
    const attempts = [
      () => partnerB.put(url(userA.id), { name: 'Hijacked', email: 'hijack@example.com' }),
      () => partnerB.form(url(userA.id), { _method: 'PUT', name: 'Hijacked', email: 'hijack@example.com' }),
      // The record is checked before the `_method`: a POST without it is a 404 too, not a 405.
      () => partnerB.form(url(userA.id), { name: 'Hijacked', email: 'hijack@example.com' }),
      // Not even an invalid body is read first: nothing tells whether the record exists.
      () => partnerB.put(url(userA.id), { name: '' }),
      () => partnerB.put(url(admin.id), { name: 'Hijacked', email: 'hijack@example.com', role_id: 1 }),
      () => partnerA.put(url(999_999), { name: 'Ghost', email: 'ghost@example.com' }),
    ];
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(404);
    expect(await rowOf(userA.id)).toMatchObject({ name: 'Fiona Florist', email: userA.email });
    expect(await rowOf(admin.id)).toMatchObject({ name: admin.name, roleId: 2 });
  });

  it('refuses partner users the toggle (403) and guests everything (401)', async () => {
    const { userA, userB } = h.fixtures;
    expect((await partnerA.post(`${url(userB.id)}/enabled`)).statusCode).toBe(403);
    expect((await partnerB.post(`${url(userB.id)}/enabled`)).statusCode).toBe(403);
    expect((await rowOf(userB.id)).enabled).toBe(true);
    const guest = h.client();
    await guest.csrf();
    expect((await guest.put(url(userA.id), { name: 'x', email: 'x@example.com' })).statusCode).toBe(401);
    expect((await guest.post(`${url(userA.id)}/enabled`)).statusCode).toBe(401);
  });
});
