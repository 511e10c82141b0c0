import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApiKey, NewApiKey } from '@bloomline/contract';

import { apiKeys, auditEntries } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { shop } from '../../test/intake-fixtures';

// System → API keys (issue 34): staff make, list and revoke the shop's keys.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors: Record<string, string[]> };

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.35.0'));
});
afterAll(async () => h.close());

const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'api key'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);

describe('API keys as staff', () => {
  it('makes a key, shows it once, keeps only its hash and lists it without it', async () => {
    const res = await staff.post('/api/api-keys', { name: '  Web shop  ' });
    expect(res.statusCode).toBe(201);
    const made = res.json<{ data: NewApiKey }>().data;
    expect(made.name).toBe('Web shop');
    expect(made.key).toMatch(/^blk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 12));

    const [row] = await h.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.key.slice(12));

    const list = (await staff.get('/api/api-keys')).json<{ data: ApiKey[] }>().data;
    const listed = list.find((k) => k.id === made.id)!;
    expect(listed).toMatchObject({
      name: 'Web shop',
      prefix: made.prefix,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(made.key.slice(12));

    const audit = await auditOf(made.id);
    expect(audit.map((a) => a.message)).toEqual([`API key "Web shop" (${made.prefix}…) created`]);
    expect(JSON.stringify(audit)).not.toContain(made.key.slice(12));
  });

  it('notes the first use once (audited) and when it was last used', async () => {
    const made = (await staff.post('/api/api-keys', { name: 'First use' })).json<{ data: NewApiKey }>().data;
    await Promise.all([
      shop(h.app, made.key).post({}),
      shop(h.app, made.key).post({}),
      shop(h.app, made.key).post({}),
    ]);
    const audit = await auditOf(made.id);
    expect(audit.map((a) => a.message)).toEqual([
      `API key "First use" (${made.prefix}…) created`,
      'API key "First use" used for the first time',
    ]);
    const listed = (await staff.get('/api/api-keys'))
      .json<{ data: ApiKey[] }>()
      .data.find((k) => k.id === made.id)!;
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('revokes a key at once (204), keeps it listed as revoked, and a second revoke changes nothing', async () => {
    const made = (await staff.post('/api/api-keys', { name: 'To revoke' })).json<{ data: NewApiKey }>().data;
    expect((await staff.delete(`/api/api-keys/${String(made.id)}`)).statusCode).toBe(204);
    const list = (await staff.get('/api/api-keys')).json<{ data: ApiKey[] }>().data;
    expect(list.find((k) => k.id === made.id)!.revokedAt).not.toBeNull();
    // Live keys come first.
    expect(list.at(-1)!.revokedAt).not.toBeNull();
    expect(list[0]!.revokedAt).toBeNull();
    expect((await shop(h.app, made.key).post({})).statusCode).toBe(401);
    expect((await staff.delete(`/api/api-keys/${String(made.id)}`)).statusCode).toBe(204);
    const audit = await auditOf(made.id);
    expect(audit.map((a) => a.event)).toEqual(['created', 'updated']);
    expect(audit[1]!.message).toBe(`API key "To revoke" (${made.prefix}…) revoked`);
  });

  it('refuses a blank or too long name under the field, and an unknown key is a 404', async () => {
    const blank = await staff.post('/api/api-keys', { name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json<Errors>().errors).toEqual({ name: ['Name is required.'] });
    const long = await staff.post('/api/api-keys', { name: 'x'.repeat(101) });
    expect(long.json<Errors>().errors).toEqual({ name: ['Name can have at most 100 characters.'] });
    expect((await staff.delete('/api/api-keys/999999')).statusCode).toBe(404);
    expect((await staff.delete('/api/api-keys/abc')).statusCode).toBe(404);
  });
});

describe('API keys for anyone else', () => {
  it('are 403 for partner users and 401 signed out, and they change nothing', async () => {
    const [first] = (await staff.get('/api/api-keys')).json<{ data: ApiKey[] }>().data;
    for (const partner of [partnerA, partnerB]) {
      expect((await partner.get('/api/api-keys')).statusCode).toBe(403);
      expect((await partner.post('/api/api-keys', { name: 'Mine' })).statusCode).toBe(403);
      expect((await partner.delete(`/api/api-keys/${String(first!.id)}`)).statusCode).toBe(403);
    }
    const guest = h.client('10.35.9.9');
    await guest.csrf();
    expect((await guest.get('/api/api-keys')).statusCode).toBe(401);
    expect((await guest.post('/api/api-keys', { name: 'Mine' })).statusCode).toBe(401);
    const after = (await staff.get('/api/api-keys')).json<{ data: ApiKey[] }>().data;
    expect(after.find((k) => k.id === first!.id)!.revokedAt).toBe(first!.revokedAt);
    expect(after.some((k) => k.name === 'Mine')).toBe(false);
  });
});
