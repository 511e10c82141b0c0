import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { companyListRequest, ROLE_IDS } from '@bloomline/contract';
import type { CompanyListItem, Paged } from '@bloomline/contract';

import { auditEntries, companies, users } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { connectXero, xeroEnv } from '../../test/xero-flow';
import { startXeroStandIn, XERO_CONTACTS } from '../../test/xero-stand-in';
import type { XeroStandIn } from '../../test/xero-stand-in';
import { companyPage } from './companies.queries';

// Companies as staff with and without manageXero, as partner users (403) and signed out (401): the paged
// search and the one-field inline changes: the flags, and the accounting contact (manageXero only), which
// is checked against the accounting service (a local stand-in) and answers 503 until it is connected.

const { rose: ROSE, bloom: BLOOM } = XERO_CONTACTS;

let h: Harness;
let xero: XeroStandIn;
let staff: TestClient;
let clerk: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };
let karoo: number;
let avbob: number;

const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'company'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);

const companyRow = async (id: number) =>
  (await h.database.db.select().from(companies).where(eq(companies.id, id)))[0]!;

const guest = async () => {
  const client = h.client();
  await client.csrf();
  return client;
};

beforeAll(async () => {
  xero = await startXeroStandIn();
  h = await createHarness({ env: xeroEnv(xero) });
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.31'));
  // Staff without the accounting permission.
  await h.database.db.insert(users).values({
    name: 'Clara Clerk',
    email: 'clerk@example.com',
    passwordHash: h.fixtures.staff.passwordHash,
    roleId: ROLE_IDS.staff,
  });
  clerk = h.client('10.9.31.4');
  await clerk.login('clerk@example.com');
  const rows = await h.database.db
    .insert(companies)
    .values([
      { name: 'Karoo Capital', b2b: true, xeroContactId: ROSE.ContactID, xeroContactName: ROSE.Name },
      { name: 'AVBOB Soweto', avbob: true },
      ...Array.from({ length: 16 }, (_, i) => ({ name: `Zenith Branch ${String(i + 1).padStart(2, '0')}` })),
    ])
    .returning();
  karoo = rows[0]!.id;
  avbob = rows[1]!.id;
});
afterAll(async () => {
  await h.close();
  await xero.close();
});

describe('GET /api/companies', () => {
  it('pages the companies by name with their flags and accounting contact', async () => {
    const body = (await staff.get('/api/companies')).json<Paged<CompanyListItem>>();
    expect(body.meta).toMatchObject({ total: 18, per_page: 15, last_page: 2 });
    expect(body.data.slice(0, 2)).toEqual([
      { id: avbob, name: 'AVBOB Soweto', inStore: false, avbob: true, b2b: false, xeroContact: null },
      { id: karoo, name: 'Karoo Capital', inStore: false, avbob: false, b2b: true, xeroContact: ROSE },
    ]);
    const two = (await staff.get('/api/companies?page=2')).json<Paged<CompanyListItem>>();
    expect(two.data.map((c) => c.name)).toEqual(['Zenith Branch 14', 'Zenith Branch 15', 'Zenith Branch 16']);
  });

  it('searches the name ignoring case; a malformed request is a 422', async () => {
    const found = (await staff.get('/api/companies?q=KAROO')).json<Paged<CompanyListItem>>();
    expect(found.data.map((c) => c.id)).toEqual([karoo]);
    const bad = await staff.get('/api/companies?s=secret&d=up');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors ?? {})).toEqual(['s', 'd']);
  });

  it('searches through the trigram index, not a scan of every company', async () => {
    const request = companyListRequest.parse({ q: 'karoo' });
    await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute(sql`explain ${companyPage(tx, request, { limit: 15, offset: 0 })}`);
      expect(JSON.stringify(plan)).toContain('companies_name_trgm_idx');
    });
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/companies')).statusCode).toBe(403);
    expect((await partnerB.get('/api/companies')).statusCode).toBe(403);
    expect((await h.client().get('/api/companies')).statusCode).toBe(401);
  });
});

describe('PUT /api/companies/{id}: the flags', () => {
  it('changes one flag at a time, read as a form reads booleans, with an audit entry', async () => {
    const url = `/api/companies/${String(avbob)}`;
    const res = await staff.put(url, { in_store: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: CompanyListItem }>().data).toMatchObject({
      id: avbob,
      inStore: true,
      avbob: true,
    });
    expect((await auditOf(avbob)).at(-1)).toMatchObject({
      event: 'updated',
      userId: h.fixtures.staff.id,
      message: 'Company AVBOB Soweto: In store on.',
      oldValues: { inStore: false },
      newValues: { inStore: true },
    });
    // A staff user without manageXero changes the flags too; "0", "false" and a multipart POST all read.
    expect((await clerk.put(url, { avbob: '0' })).json<{ data: CompanyListItem }>().data.avbob).toBe(false);
    await clerk.form(url, { b2b: 'true', _method: 'PUT' });
    await staff.post(url, 'in_store=0&_method=PUT', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(await companyRow(avbob)).toMatchObject({ inStore: false, avbob: false, b2b: true });
    expect((await auditOf(avbob)).at(-1)).toMatchObject({
      userId: h.fixtures.staff.id,
      newValues: { inStore: false },
    });
  });

  it('refuses none, two at once or a value that is not a boolean, and changes nothing', async () => {
    const url = `/api/companies/${String(karoo)}`;
    const before = await companyRow(karoo);
    const entries = (await auditOf(karoo)).length;
    const none = await staff.put(url, { name: 'Renamed' });
    expect(none.statusCode).toBe(422);
    expect(none.json<Errors>().errors?.in_store).toEqual([
      'In store is required when none of xero contact id / avbob / b2b are present.',
    ]);
    expect(Object.keys(none.json<Errors>().errors ?? {})).toEqual([
      'xero_contact_id',
      'in_store',
      'avbob',
      'b2b',
    ]);
    const two = await staff.put(url, { avbob: true, b2b: false });
    expect(two.json<Errors>().errors).toEqual({
      avbob: ['Avbob cannot be sent with b2b.'],
      b2b: ['B2B cannot be sent with avbob.'],
    });
    const notBoolean = await staff.put(url, { b2b: 'maybe' });
    expect(notBoolean.json<Errors>().errors).toEqual({ b2b: ['B2B must be true or false.'] });
    expect(await companyRow(karoo)).toEqual(before);
    expect(await auditOf(karoo)).toHaveLength(entries);
  });

  it('is 404 for a missing company, 405 for a POST without _method, and staff only', async () => {
    expect((await staff.put('/api/companies/999999', { b2b: true })).statusCode).toBe(404);
    expect((await staff.post(`/api/companies/${String(karoo)}`, { b2b: true })).statusCode).toBe(405);
    for (const client of [partnerA, partnerB, await guest()]) {
      const res = await client.put(`/api/companies/${String(karoo)}`, { b2b: false });
      expect(res.statusCode).toBe(client === partnerA || client === partnerB ? 403 : 401);
    }
    expect((await companyRow(karoo)).b2b).toBe(true);
  });
});

describe('the accounting contact (manageXero)', () => {
  it('is 503 with a clear message before the accounting service is connected', async () => {
    const set = await staff.put(`/api/companies/${String(avbob)}`, { xero_contact_id: BLOOM.ContactID });
    expect(set.statusCode).toBe(503);
    expect(set.json()).toEqual({
      message: 'The accounting connection (Xero) is not connected. Connect Xero first.',
    });
    expect((await companyRow(avbob)).xeroContactId).toBeNull();
    // Clearing needs no connection.
    const cleared = await staff.put(`/api/companies/${String(karoo)}`, { xero_contact_id: null });
    expect(cleared.json<{ data: CompanyListItem }>().data.xeroContact).toBeNull();
    expect((await auditOf(karoo)).at(-1)).toMatchObject({
      message: 'Company Karoo Capital: accounting contact cleared.',
      oldValues: { xeroContactId: ROSE.ContactID, xeroContactName: ROSE.Name },
      newValues: { xeroContactId: null, xeroContactName: null },
    });
    expect(xero.seen).toEqual([]);
  });

  it('sets a contact the organisation has, by its ContactID, with its name', async () => {
    expect((await connectXero(staff)).headers.location).toBe('/system/xero');
    const res = await staff.put(`/api/companies/${String(karoo)}`, { xero_contact_id: BLOOM.ContactID });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: CompanyListItem }>().data.xeroContact).toEqual(BLOOM);
    expect((await auditOf(karoo)).at(-1)).toMatchObject({
      message: 'Company Karoo Capital: accounting contact set to Bloom Events.',
      newValues: { xeroContactId: BLOOM.ContactID, xeroContactName: BLOOM.Name },
    });
  });

  it('refuses an unknown or malformed contact id with a 422', async () => {
    const url = `/api/companies/${String(karoo)}`;
    const unknown = await staff.put(url, { xero_contact_id: '9f9f9f9f-9f9f-4f9f-8f9f-9f9f9f9f9f9f' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<Errors>().errors).toEqual({
      xero_contact_id: ['Choose a valid xero contact.'],
    });
    const malformed = await staff.put(url, { xero_contact_id: 'not-a-guid' });
    expect(malformed.json<Errors>().errors).toEqual({
      xero_contact_id: ['Xero contact must be a valid UUID.'],
    });
    expect((await companyRow(karoo)).xeroContactId).toBe(BLOOM.ContactID);
  });

  it('is 403 for staff without manageXero, before the body is read, and for partners', async () => {
    const url = `/api/companies/${String(karoo)}`;
    const seen = xero.seen.length;
    expect((await clerk.put(url, { xero_contact_id: ROSE.ContactID })).statusCode).toBe(403);
    expect((await clerk.put(url, { xero_contact_id: 'not-a-guid' })).statusCode).toBe(403);
    expect((await clerk.form(url, { xero_contact_id: '', _method: 'PUT' })).statusCode).toBe(403);
    expect((await partnerB.put(url, { xero_contact_id: null })).statusCode).toBe(403);
    expect(xero.seen).toHaveLength(seen);
    expect((await companyRow(karoo)).xeroContactId).toBe(BLOOM.ContactID);
  });

  it('is 503 when the connection has expired, and changes nothing', async () => {
    // Xero refuses both tokens: the refresh is invalid_grant and the connection is marked expired.
    xero.expireAccessTokens();
    xero.revokeGrant();
    const expired = await staff.put(`/api/companies/${String(karoo)}`, { xero_contact_id: ROSE.ContactID });
    expect([expired.statusCode, expired.json<Errors>().message]).toEqual([
      503,
      'The accounting connection (Xero) has expired. Connect Xero again.',
    ]);
    expect((await companyRow(karoo)).xeroContactId).toBe(BLOOM.ContactID);
  });
});
