import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CurrentUser, UserRecord } from '@bloomline/contract';

import { sessions } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import type { Errors } from './users.test-support';
import { data, lastUserAudit, userMaker, userRow, userUrl as url } from './users.test-support';

// Staff editing another user: every field (a field left out stays), a disabled user or a changed role or
// partner ends their sessions at once (their next call is a 401), the 422s; the enable/disable toggle.

let h: Harness;
let staff: TestClient;
let signedInUser: ReturnType<typeof userMaker>;
const rowOf = (id: number) => userRow(h, id);
const lastAudit = (id: number) => lastUserAudit(h, id);

beforeAll(async () => {
  h = await createHarness();
  signedInUser = userMaker(h, '10.32');
  ({ staff } = await h.signedIn('10.32.0'));
});
afterAll(() => h.close());

describe('staff editing another user', () => {
  it('takes a multipart POST with _method=PUT, answers the user and audits only what changed', async () => {
    const { user } = await signedInUser();
    const res = await staff.form(url(user.id), {
      _method: 'PUT',
      name: 'Member Renamed',
      email: user.email,
      phoneNumber: '021 555 0199',
      role_id: 1,
      partner_id: h.fixtures.partnerA.id,
      partner_statements: true,
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(data<UserRecord>(res)).toMatchObject({
      id: user.id,
      name: 'Member Renamed',
      phoneNumber: '021 555 0199',
      permissions: expect.objectContaining({ partnerStatements: true }) as object,
    });
    const entry = await lastAudit(user.id);
    expect(entry).toMatchObject({ event: 'updated', userId: h.fixtures.staff.id });
    expect(entry!.oldValues).toEqual({ name: user.name, phoneNumber: null, partnerStatements: false });
    expect(entry!.newValues).toEqual({
      name: 'Member Renamed',
      phoneNumber: '021 555 0199',
      partnerStatements: true,
    });
  });

  it('keeps what a JSON PUT leaves out, and answers a POST without _method with 405', async () => {
    const { user } = await signedInUser({ partnerStatements: true, phoneNumber: '082 555 0000' });
    const res = await staff.put(url(user.id), { name: 'Kept Member', email: user.email });
    expect(data<UserRecord>(res)).toMatchObject({
      name: 'Kept Member',
      phoneNumber: '082 555 0000',
      enabled: true,
      partner: { id: h.fixtures.partnerA.id },
      permissions: expect.objectContaining({ partnerStatements: true }) as object,
    });
    expect((await staff.form(url(user.id), { name: 'x', email: user.email })).statusCode).toBe(405);
    const blank = await staff.form(url(user.id), {
      _method: 'PUT',
      name: 'x',
      email: user.email,
      phoneNumber: '',
    });
    expect(data<UserRecord>(blank).phoneNumber).toBeNull();
  });

  it('moves a user to another partner, and their sessions end', async () => {
    const { user, client } = await signedInUser();
    const res = await staff.put(url(user.id), {
      name: user.name,
      email: user.email,
      partner_id: h.fixtures.partnerB.id,
    });
    expect(data<UserRecord>(res).partner).toEqual({ id: h.fixtures.partnerB.id, name: 'Fynbos & Co' });
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });

  it('makes a partner user staff (no partner any more) and their next call is a 401', async () => {
    const { user, client } = await signedInUser({ partnerStatements: true });
    expect((await client.get('/api/orders')).statusCode).toBe(200);
    const res = await staff.form(url(user.id), {
      _method: 'PUT',
      name: user.name,
      email: user.email,
      role_id: 2,
      partner_id: h.fixtures.partnerA.id,
    });
    expect(data<UserRecord>(res)).toMatchObject({
      isStaff: true,
      role: { id: 2, name: 'Admin' },
      partner: null,
      permissions: expect.objectContaining({ partnerStatements: false }) as object,
    });
    expect((await client.get('/api/orders')).statusCode).toBe(401);
    expect(await h.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await lastAudit(user.id))!.newValues).toEqual({
      roleId: 2,
      partnerId: null,
      partnerStatements: false,
    });
    // Signing in again gives them the new role.
    expect((await client.login(user.email)).statusCode).toBe(200);
    expect(data<CurrentUser>(await client.get('/api/me')).isStaff).toBe(true);
  });

  it('disables a user through the form: their next call is a 401 and they cannot sign in', async () => {
    const { user, client } = await signedInUser();
    const res = await staff.form(url(user.id), {
      _method: 'PUT',
      name: user.name,
      email: user.email,
      enabled: 0,
    });
    expect(data<UserRecord>(res).enabled).toBe(false);
    expect((await client.get('/api/me')).statusCode).toBe(401);
    const again = await client.login(user.email);
    expect(again.json<Errors>().errors).toEqual({ email: ['This account is disabled.'] });
  });

  it('needs a partner for a partner user, and keeps e-mails unique', async () => {
    const { user } = await signedInUser();
    const staffUser = await signedInUser({ roleId: 2, partnerId: null });
    const noPartner = await staff.put(url(staffUser.user.id), {
      name: 'x',
      email: staffUser.user.email,
      role_id: 1,
    });
    expect(noPartner.json<Errors>().errors).toEqual({
      partner_id: ['Choose the partner this user works for.'],
    });
    const taken = await staff.put(url(user.id), { name: user.name, email: 'FLORIST2@EXAMPLE.COM' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json<Errors>().errors).toEqual({ email: ['This email is already taken.'] });
    const bad = await staff.put(url(user.id), { name: ' ', email: 'nope@', phoneNumber: '12' });
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['email', 'name', 'phoneNumber']);
    expect(await rowOf(user.id)).toMatchObject({ name: user.name, email: user.email });
    expect(await rowOf(staffUser.user.id)).toMatchObject({ roleId: 2, name: staffUser.user.name });
  });

  it("sets a staff member's payouts and Xero permissions one by one; a partner user never has them", async () => {
    const { user, client } = await signedInUser({ roleId: 2, partnerId: null });
    expect((await client.get('/api/payouts/runs')).statusCode).toBe(403);
    const res = await staff.form(url(user.id), {
      _method: 'PUT',
      name: user.name,
      email: user.email,
      manage_payouts: 1,
      authenticate_xero: 1,
      manage_xero: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<UserRecord>(res).permissions).toEqual({
      partnerStatements: false,
      managePayouts: true,
      authenticateXero: true,
      manageXero: false,
    });
    // Counted at once: the permission is read from the user's row on each request.
    expect((await client.get('/api/payouts/runs')).statusCode).toBe(200);
    const me = (await client.get('/api/me')).json<{ data: CurrentUser }>().data;
    expect(me.permissions).toMatchObject({ managePayouts: true, authenticateXero: true, manageXero: false });
    expect((await lastAudit(user.id))?.newValues).toMatchObject({
      managePayouts: true,
      authenticateXero: true,
    });
    // Nobody grants themself a permission.
    const own = await client.put(url(user.id), { name: user.name, email: user.email, manage_xero: true });
    expect(own.statusCode).toBe(422);
    expect(own.json<Errors>().errors).toEqual({ manage_xero: ['You cannot change your own permissions.'] });
    // A partner user sent the flags keeps none of them.
    const { user: florist } = await signedInUser();
    const partnerRes = await staff.put(url(florist.id), {
      name: florist.name,
      email: florist.email,
      manage_payouts: true,
    });
    expect(data<UserRecord>(partnerRes).permissions.managePayouts).toBe(false);
  });

  it('is 404 for a missing user', async () => {
    expect((await staff.put(url(999_999), { name: 'x', email: 'x@example.com' })).statusCode).toBe(404);
  });
});

describe('POST /api/users/{id}/enabled', () => {
  it('disables a user (next call 401, audited) and enables them again', async () => {
    const { user, client } = await signedInUser();
    const off = await staff.post(`${url(user.id)}/enabled`);
    expect(data<UserRecord>(off).enabled).toBe(false);
    expect((await client.get('/api/orders')).statusCode).toBe(401);
    expect(await lastAudit(user.id)).toMatchObject({
      event: 'disabled',
      oldValues: { enabled: true },
      newValues: { enabled: false },
    });
    expect((await client.login(user.email)).statusCode).toBe(422);

    const on = await staff.post(`${url(user.id)}/enabled`);
    expect(data<UserRecord>(on).enabled).toBe(true);
    expect((await lastAudit(user.id))!.event).toBe('enabled');
    expect((await client.login(user.email)).statusCode).toBe(200);
  });

  it('is 404 for a missing user', async () => {
    expect((await staff.post(`${url(999_999)}/enabled`)).statusCode).toBe(404);
  });
});

describe('a staff user’s partner side (the contract’s partnerSideOf), on every answer', () => {
  it('reads as no partner and no partner statements in the list, the record and GET /api/me', async () => {
    // Stored flags a staff user may carry from an earlier role: every answer reads them the same way.
    const { user, client } = await signedInUser({ roleId: 2, partnerStatements: true, manageXero: false });
    const shown = {
      partner: null,
      permissions: expect.objectContaining({ partnerStatements: false }) as object,
    };
    expect(data<UserRecord>(await staff.get(url(user.id)))).toMatchObject({ isStaff: true, ...shown });
    const list = await staff.get(`/api/users?q=${encodeURIComponent(user.email)}`);
    expect(data<UserRecord[]>(list)).toEqual([expect.objectContaining({ isStaff: true, ...shown })]);
    const me = data<CurrentUser>(await client.get('/api/me'));
    expect(me).toMatchObject({ isStaff: true, partner: null });
    expect(me.permissions.partnerStatements).toBe(false);
  });
});
