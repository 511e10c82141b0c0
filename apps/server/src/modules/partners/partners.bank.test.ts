import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BANK_TEXTS, ROLE_IDS } from '@bloomline/contract';
import type { Partner } from '@bloomline/contract';

import { auditEntries, mails, partnerBankChanges, partners, users } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';

// Issue 46, bank details under four eyes: who reads them in full and who changes them (staff with
// managePayouts: Ada and Bea; Cleo the clerk has no such permission; partner A, partner B), the one schema's
// refusals under each field, the e-mail with last four digits only, and the confirmation by a second user.
// The payouts' side (held partners, the payout's own copy) is payouts.bank.test.ts.

let h: Harness;
let ada: TestClient;
let bea: TestClient;
let cara: TestClient;
let clerk: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let a: number;
type Errors = { message: string; errors: Record<string, string[]> };

const GOOD = {
  bank_name: 'FNB',
  branch_code: '250655',
  account_name: 'Protea Petals (Pty) Ltd',
  account_number: '62000000001',
  account_type: 'Cheque',
};

const url = (id: number, tail = '') => `/api/partners/${String(id)}${tail}`;
const read = async (client: TestClient, id = a) => (await client.get(url(id))).json<{ data: Partner }>().data;
const counts = async () => {
  const n = async (table: typeof mails | typeof partnerBankChanges | typeof auditEntries) =>
    (await h.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return { mails: await n(mails), changes: await n(partnerBankChanges), audit: await n(auditEntries) };
};

/** Another staff user, signed in, with or without the payouts permission. */
async function staffUser(name: string, email: string, managePayouts: boolean, ip: string) {
  const [admin] = await h.database.db.select().from(users).where(eq(users.id, h.fixtures.staff.id));
  await h.database.db.insert(users).values({
    name,
    email,
    passwordHash: admin!.passwordHash,
    roleId: ROLE_IDS.staff,
    managePayouts,
  });
  const client = h.client(ip);
  await client.login(email);
  return client;
}

beforeAll(async () => {
  h = await createHarness();
  ({ staff: ada, partnerA, partnerB } = await h.signedIn('10.46.5'));
  bea = await staffUser('Bea Books', 'bea@example.com', true, '10.46.5.7');
  cara = await staffUser('Cara Cash', 'cara@example.com', true, '10.46.5.8');
  clerk = await staffUser('Cleo Clerk', 'clerk@example.com', false, '10.46.5.9');
  a = h.fixtures.partnerA.id;
  await h.database.db
    .update(partners)
    .set({ ownerEmail: 'fiona@protea.example', businessEmail: 'accounts@protea.example' })
    .where(eq(partners.id, a));
});
afterAll(() => h.close());

describe('PUT /api/partners/{id}/bank-details: the one schema', () => {
  it('refuses each bad field under its name in an accountant’s words, and changes nothing', async () => {
    const before = await counts();
    const cases: [Partial<typeof GOOD>, string, string][] = [
      [{ account_number: '-2+3' }, 'account_number', BANK_TEXTS.account_number],
      [{ account_number: '12345' }, 'account_number', BANK_TEXTS.account_number],
      [{ account_number: '123456789012' }, 'account_number', BANK_TEXTS.account_number],
      [{ account_number: '6200000000A' }, 'account_number', BANK_TEXTS.account_number],
      [{ branch_code: '+27-1' }, 'branch_code', BANK_TEXTS.branch_code],
      [{ branch_code: '25065' }, 'branch_code', BANK_TEXTS.branch_code],
      [{ account_type: 'Bond' }, 'account_type', BANK_TEXTS.account_type],
      [{ account_name: '  ' }, 'account_name', BANK_TEXTS.account_name],
      [{ bank_name: '' }, 'bank_name', BANK_TEXTS.bank_name],
    ];
    for (const [change, field, words] of cases) {
      const res = await ada.put(url(a, '/bank-details'), { ...GOOD, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json<Errors>().errors, JSON.stringify(change)).toEqual({ [field]: [words] });
    }
    const missing = await ada.put(url(a, '/bank-details'), {});
    expect(Object.keys(missing.json<Errors>().errors).sort()).toEqual(
      ['account_name', 'account_number', 'account_type', 'bank_name', 'branch_code'].sort(),
    );
    // The partner form's fields read the same schema.
    const form = await ada.form(url(a), {
      _method: 'PUT',
      ...GOOD,
      account_number: '-2+3',
      branch_code: '+27-1',
    });
    expect(form.statusCode).toBe(422);
    expect(form.json<Errors>().errors).toEqual({
      account_number: [BANK_TEXTS.account_number],
      branch_code: [BANK_TEXTS.branch_code],
    });
    // The form's fields are held together: one alone on a partner without details is not a bank account.
    const alone = await ada.form(url(a), { _method: 'PUT', account_number: '62000000001' });
    expect(Object.keys(alone.json<Errors>().errors).sort()).toEqual(
      ['account_name', 'account_type', 'bank_name', 'branch_code'].sort(),
    );
    expect(await counts()).toEqual(before);
    expect((await read(ada)).bank.state).toBe('incomplete');
  });

  it('reads "Current" as Cheque and digits written with spaces as the digits', async () => {
    const res = await ada.put(url(a, '/bank-details'), {
      ...GOOD,
      branch_code: '250 655',
      account_number: '6200 0000 001',
      account_type: 'current',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Partner }>().data).toMatchObject({
      branch_code: '250655',
      account_number: '62000000001',
      account_type: 'Cheque',
    });
  });
});

describe('who reads and who changes', () => {
  it('shows the details in full to managePayouts and to the partner, the last four to other staff', async () => {
    expect(await read(bea)).toMatchObject({ ...GOOD, bank: { shown: true, accountLastFour: '0001' } });
    expect(await read(partnerA)).toMatchObject({ ...GOOD, bank: { shown: true } });
    const clerkView = await read(clerk);
    expect(clerkView).toMatchObject({
      bank_name: null,
      branch_code: null,
      account_name: null,
      account_number: null,
      account_type: null,
      bank: { shown: false, accountLastFour: '0001', state: 'awaiting-confirmation' },
    });
    expect(JSON.stringify(clerkView)).not.toContain('62000000001');
    expect((await partnerB.get(url(a))).statusCode).toBe(404);
  });

  it('refuses a change by staff without managePayouts (403) and by partners, and writes nothing', async () => {
    const before = await counts();
    const other = { ...GOOD, account_number: '99999999' };
    expect((await clerk.put(url(a, '/bank-details'), other)).statusCode).toBe(403);
    expect((await clerk.form(url(a), { _method: 'PUT', account_number: '99999999' })).statusCode).toBe(403);
    expect((await clerk.form(url(a), { _method: 'PUT', account_number: '' })).statusCode).toBe(403);
    expect((await clerk.post('/api/partners', { name: 'Sly Stems', ...other })).statusCode).toBe(403);
    expect((await clerk.post(url(a, '/bank-details/confirm'))).statusCode).toBe(403);
    expect((await partnerA.put(url(a, '/bank-details'), other)).statusCode).toBe(403);
    expect((await partnerB.put(url(a, '/bank-details'), other)).statusCode).toBe(403);
    expect((await partnerA.post(url(a, '/bank-details/confirm'))).statusCode).toBe(403);
    // A partner user's profile never carries bank fields (part 2, point 6): dropped, not applied.
    const profile = await partnerA.form(url(a), { _method: 'PUT', name: 'Protea Petals', ...other });
    expect(profile.statusCode).toBe(200);
    expect(await counts()).toEqual(before);
    expect((await read(ada)).account_number).toBe('62000000001');
    // Other staff still edit the rest of the partner.
    const renamed = await clerk.form(url(a), { _method: 'PUT', name: 'Protea Petals' });
    expect(renamed.statusCode).toBe(200);
    const guest = h.client('10.46.5.10');
    await guest.csrf();
    expect((await guest.put(url(a, '/bank-details'), other)).statusCode).toBe(401);
  });
});

describe('a change: audited, e-mailed with last four digits only, awaiting a second user', () => {
  it('writes the change, its audit entry and one e-mail to each address', async () => {
    const res = await ada.put(url(a, '/bank-details'), {
      ...GOOD,
      bank_name: 'Capitec',
      branch_code: '470010',
      account_number: '1234566789',
      account_type: 'Savings',
    });
    expect(res.statusCode, res.body).toBe(200);
    const bank = res.json<{ data: Partner }>().data.bank;
    expect(bank).toMatchObject({
      state: 'awaiting-confirmation',
      accountLastFour: '6789',
      change: { changedBy: { id: h.fixtures.staff.id, name: 'Ada Admin' }, confirmedBy: null },
    });
    const sent = await h.database.db.select().from(mails).where(eq(mails.kind, 'bank-details'));
    const latest = sent.slice(-2);
    expect(latest.map((m) => m.to).sort()).toEqual(['accounts@protea.example', 'fiona@protea.example']);
    for (const mail of latest) {
      expect(mail.subject).toBe('Your bank details at Bloomline were changed');
      expect(mail.text).toContain('Before: account ending 0001');
      expect(mail.text).toContain('Now: account ending 6789');
      expect(mail.text).not.toContain('1234566789');
      expect(mail.text).not.toContain('62000000001');
      expect(mail.text).not.toContain('470010');
    }
    const [entry] = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'partner'), eq(auditEntries.propertyId, a)))
      .orderBy(sql`${auditEntries.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ userId: h.fixtures.staff.id, event: 'updated' });
    expect(entry!.newValues).toEqual({
      bank_name: 'Capitec',
      branch_code: '470010',
      account_name: GOOD.account_name,
      account_type: 'Savings',
      account_last_four: '6789',
    });
    expect(JSON.stringify(entry)).not.toContain('1234566789');
  });

  it('makes no change, e-mail or audit entry when the details sent are those in force', async () => {
    const before = await counts();
    const current = await read(ada);
    const again = await ada.form(url(a), {
      _method: 'PUT',
      bank_name: current.bank_name!,
      branch_code: current.branch_code!,
      account_name: current.account_name!,
      account_number: current.account_number!,
      account_type: current.account_type!,
    });
    expect(again.statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('is confirmed by another user with managePayouts only: 403 for the one who made it, then 409', async () => {
    const change = (await read(ada)).bank.change!;
    const own = await ada.post(url(a, '/bank-details/confirm'), { changeId: change.id });
    expect(own.statusCode).toBe(403);
    expect(own.json<Errors>().message).toBe(BANK_TEXTS.ownChange);
    const stale = await bea.post(url(a, '/bank-details/confirm'), { changeId: change.id - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<Errors>().message).toBe(BANK_TEXTS.changedSince);
    const ok = await bea.post(url(a, '/bank-details/confirm'), { changeId: change.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: Partner }>().data.bank).toMatchObject({
      state: 'ready',
      change: { id: change.id, confirmedBy: { name: 'Bea Books' } },
    });
    // DECISIONS' bare call, without a body: the latest change (a browser's empty POST: bank-details.spec.ts).
    const twice = await cara.post(url(a, '/bank-details/confirm'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json<Errors>().message).toMatch(
      /^These bank details were already confirmed by Bea Books on /,
    );
  });

  it('lets two confirmations at once make one: 200 for the first, 409 for the second', async () => {
    await ada.put(url(a, '/bank-details'), { ...GOOD, account_number: '7777777777' });
    const before = await counts();
    const answers = await Promise.all([
      bea.post(url(a, '/bank-details/confirm')),
      cara.post(url(a, '/bank-details/confirm')),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await counts()).audit).toBe(before.audit + 1);
    expect((await read(ada)).bank.state).toBe('ready');
  });

  it('answers 404 for a partner that does not exist, and 409 when nothing awaits', async () => {
    expect((await bea.put(url(999_999, '/bank-details'), GOOD)).statusCode).toBe(404);
    expect((await bea.post(url(999_999, '/bank-details/confirm'))).statusCode).toBe(404);
    const none = await bea.post(url(h.fixtures.partnerB.id, '/bank-details/confirm'));
    expect(none.statusCode).toBe(409);
    expect(none.json<Errors>().message).toBe(BANK_TEXTS.nothingToConfirm);
  });

  it('a new partner made with bank details awaits confirmation like any change', async () => {
    const made = await ada.post('/api/partners', {
      name: 'Karoo Blossoms',
      businessEmail: 'shop@karoo.example',
      ...GOOD,
    });
    expect(made.statusCode, made.body).toBe(201);
    const partner = made.json<{ data: Partner }>().data;
    expect(partner.bank.state).toBe('awaiting-confirmation');
    const [mail] = await h.database.db.select().from(mails).where(eq(mails.to, 'shop@karoo.example'));
    expect(mail!.text).toContain('Before: none');
    // Made by staff without the permission and without bank details: allowed, incomplete.
    const bare = await clerk.post('/api/partners', { name: 'Bare Stems', bank_name: '', account_number: '' });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json<{ data: Partner }>().data.bank).toMatchObject({ state: 'incomplete', shown: false });
  });
});
