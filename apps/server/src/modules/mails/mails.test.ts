import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { MailListItem, Paged } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import type { Mail } from '../../lib/mailer';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';

// Issue 38: e-mails go out through jobs that try again with growing waits; what still fails is listed for
// staff with the reason, and sent again from there.

const sent: { mail: Mail; at: number }[] = [];
const tries = new Map<string, number[]>();
/** Addresses the mail server refuses; `flaky` ones are refused twice, then taken. */
const refused = new Set<string>(['nobody@unreachable.example']);
const flaky = new Set<string>(['later@example.com']);
const mailer = {
  async send(mail: Mail) {
    const times = [...(tries.get(mail.to) ?? []), Date.now()];
    tries.set(mail.to, times);
    if (refused.has(mail.to)) throw new Error('550 5.1.1 mailbox unavailable');
    if (flaky.has(mail.to) && times.length < 3) throw new Error('421 try again later');
    sent.push({ mail, at: Date.now() });
  },
};

let h: Harness;
let staff: TestClient;
let partner: TestClient;

beforeAll(async () => {
  // Three tries, a second apart and then two: the test waits a few seconds for the backoff.
  h = await createHarness({ mailer, env: { MAIL_ATTEMPTS: '3', MAIL_RETRY_SECONDS: '1' } });
  ({ staff, partnerA: partner } = await h.signedIn('10.38.2'));
});
afterAll(() => h.close());

const queue = (to: string, subject: string) =>
  h.app.mails.queueMail(h.database.db, { kind: 'deduction', to, subject, text: 'Why and how much.' });

/** Waits until the mail has had its last try or went out. */
async function settled(id: number) {
  for (let i = 0; i < 300; i += 1) {
    const [row] = await rowsOf<{ status: string }>(
      h.database.db,
      sql`select status from mails where id = ${id}`,
    );
    if (row?.status !== 'queued') return row?.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mail ${String(id)} still queued`);
}

describe('e-mails sent by jobs', () => {
  it('tries a refused mail again with growing waits, and it goes out once', async () => {
    const id = await queue('later@example.com', 'Second time lucky');
    expect(await settled(id)).toBe('sent');
    const times = tries.get('later@example.com')!;
    expect(times).toHaveLength(3);
    const [first, second] = [times[1]! - times[0]!, times[2]! - times[1]!];
    expect(first).toBeGreaterThanOrEqual(900);
    expect(second).toBeGreaterThan(first);
    expect(sent.filter((s) => s.mail.to === 'later@example.com')).toHaveLength(1);
    const [row] = await rowsOf<{ attempts: number; error: string | null }>(
      h.database.db,
      sql`select attempts, error from mails where id = ${id}`,
    );
    expect(row).toEqual({ attempts: 3, error: null });
  }, 20_000);

  it('writes nothing when the change that asked for the mail is rolled back', async () => {
    const before = await rowsOf<{ n: number }>(h.database.db, sql`select count(*)::int as n from mails`);
    await expect(
      h.database.db.transaction(async (tx) => {
        await h.app.mails.queueMail(tx, {
          kind: 'welcome',
          to: 'ghost@example.com',
          subject: 'Never',
          text: '.',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const after = await rowsOf<{ n: number }>(h.database.db, sql`select count(*)::int as n from mails`);
    expect(after[0]?.n).toBe(before[0]?.n);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(tries.has('ghost@example.com')).toBe(false);
  });
});

describe('GET /api/mails and POST /api/mails/{id}/send-again', () => {
  let failedId: number;

  beforeAll(async () => {
    failedId = await queue('nobody@unreachable.example', 'Your deduction');
    expect(await settled(failedId)).toBe('failed');
  }, 20_000);

  it('lists for staff the mails that failed on every try, with the reason', async () => {
    const res = await staff.get('/api/mails');
    expect(res.statusCode).toBe(200);
    const page = res.json<Paged<MailListItem>>();
    expect(page.data).toEqual([
      expect.objectContaining({
        id: failedId,
        kind: 'deduction',
        kindLabel: 'Deduction',
        to: 'nobody@unreachable.example',
        subject: 'Your deduction',
        status: 'failed',
        attempts: 3,
        error: '550 5.1.1 mailbox unavailable',
        sentAt: null,
      }),
    ]);
    expect(page.meta.total).toBe(1);
    const sentList = (await staff.get('/api/mails?status=sent')).json<Paged<MailListItem>>();
    expect(sentList.data.map((m) => m.to)).toContain('later@example.com');
    expect((await staff.get('/api/mails?q=unreachable')).json<Paged<MailListItem>>().data).toHaveLength(1);
    expect((await staff.get('/api/mails?status=lost')).statusCode).toBe(422);
  });

  it('is for staff only', async () => {
    expect((await partner.get('/api/mails')).statusCode).toBe(403);
    expect((await partner.post(`/api/mails/${String(failedId)}/send-again`)).statusCode).toBe(403);
    const guest = h.client('10.38.2.9');
    await guest.csrf();
    expect((await guest.get('/api/mails')).statusCode).toBe(401);
    expect((await guest.post(`/api/mails/${String(failedId)}/send-again`)).statusCode).toBe(401);
  });

  it('sends a failed mail again once the reason is fixed; a mail not failed is a 409', async () => {
    refused.delete('nobody@unreachable.example');
    const again = await staff.post(`/api/mails/${String(failedId)}/send-again`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: MailListItem }>().data).toMatchObject({
      id: failedId,
      status: 'queued',
      attempts: 0,
    });
    expect(await settled(failedId)).toBe('sent');
    expect(sent.filter((s) => s.mail.to === 'nobody@unreachable.example')).toHaveLength(1);
    expect((await staff.get('/api/mails')).json<Paged<MailListItem>>().data).toEqual([]);
    const twice = await staff.post(`/api/mails/${String(failedId)}/send-again`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(
      'This e-mail is not failed: it was sent, or is already being sent.',
    );
    expect((await staff.post('/api/mails/999999/send-again')).statusCode).toBe(404);
    const [entry] = await rowsOf<{ message: string }>(
      h.database.db,
      sql`select message from audit_entries order by id desc limit 1`,
    );
    expect(entry?.message).toBe('E-mail "Your deduction" to nobody@unreachable.example sent again.');
  }, 20_000);
});
