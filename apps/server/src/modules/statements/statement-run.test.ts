import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROLE_IDS, previousMonth, currentMonth, type MonthEndRun } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import { partners, users } from '../../db/schema';
import { createMailer, type Mail } from '../../lib/mailer';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import { createStatementRun } from './statement-run.service';
import { MARCH, partnerBReader, seedStatementMonths } from './statements.test-support';

// The month-end run: staff start it, every partner with a statements user is e-mailed the month's summary
// PDF once (starting twice, two workers, a restart mid-run), a partner the mailer cannot reach is listed.

const sent: Mail[] = [];
const UNREACHABLE = 'unreachable@example.com';
const mailer = {
  async send(mail: Mail) {
    if (mail.to.includes(UNREACHABLE)) throw new Error('550 mailbox unavailable');
    sent.push(mail);
  },
};

let h: Harness;
let staff: TestClient;
let florist: TestClient;
let florist2: TestClient;
let guest: TestClient;
let partnerC: number;

beforeAll(async () => {
  h = await createHarness({ mailer });
  await seedStatementMonths(h.database.db, h.fixtures);
  await partnerBReader(h.database.db, h.fixtures);
  const [c] = await h.database.db
    .insert(partners)
    .values({ name: 'Karoo Blooms', latitude: -32, longitude: 22 })
    .returning();
  partnerC = c!.id;
  await h.database.db.insert(users).values({
    name: 'Una Reachable',
    email: UNREACHABLE,
    passwordHash: 'x',
    roleId: ROLE_IDS.partner,
    partnerId: partnerC,
    partnerStatements: true,
  });
  ({ staff, partnerA: florist, partnerB: florist2 } = await h.signedIn('10.22.3'));
  guest = h.client('10.22.3.5');
  await guest.csrf();
});
afterAll(() => h.close());

/** The run's progress once nothing is left to go (the app's worker sends in the background). */
async function finished(month: string): Promise<MonthEndRun> {
  for (let i = 0; i < 200; i += 1) {
    const run = (await staff.get(`/api/reporting/statements/month-end?month=${month}`)).json<{
      data: MonthEndRun;
    }>().data;
    if (run.toGo === 0) return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the run did not finish');
}

const mailsTo = (address: string, month: string) =>
  sent.filter((m) => m.to.includes(address) && m.attachments?.[0]?.filename.endsWith(`${month}-summary.pdf`));

describe('POST and GET /api/reporting/statements/month-end', () => {
  it('sends each partner with a statements user the summary once, and lists who it could not reach', async () => {
    const start = await staff.post('/api/reporting/statements/month-end', { month: MARCH.month });
    expect(start.statusCode, start.body).toBe(202);
    expect(start.json<{ data: MonthEndRun }>().data).toMatchObject({ month: MARCH.month, total: 3 });
    // Started twice: nothing is added.
    await staff.post('/api/reporting/statements/month-end', { month: MARCH.month });
    const run = await finished(MARCH.month);
    expect(run).toMatchObject({
      month: MARCH.month,
      total: 3,
      sent: 2,
      failed: 1,
      toGo: 0,
      failures: [{ partner: { id: partnerC, name: 'Karoo Blooms' }, error: '550 mailbox unavailable' }],
    });
    // The run shows its work: each partner, where its statement went and when, or why it did not.
    const byName = Object.fromEntries(run.partners.map((p) => [p.partner.name, p]));
    expect(run.partners.map((p) => p.partner.name)).toEqual(['Fynbos & Co', 'Karoo Blooms', 'Protea Petals']);
    expect(byName['Protea Petals']).toMatchObject({ status: 'sent', to: 'florist@example.com', error: null });
    expect(byName['Protea Petals']?.sentAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(byName['Fynbos & Co']).toMatchObject({ status: 'sent', to: 'reader-b@example.com' });
    expect(byName['Karoo Blooms']).toMatchObject({
      status: 'failed',
      to: UNREACHABLE,
      sentAt: null,
      error: '550 mailbox unavailable',
      attempts: 1,
    });
    const [toA] = mailsTo('florist@example.com', MARCH.month);
    expect(mailsTo('florist@example.com', MARCH.month)).toHaveLength(1);
    expect(mailsTo('reader-b@example.com', MARCH.month)).toHaveLength(1);
    expect(sent.some((m) => m.to.includes('florist2@example.com') || m.to.includes('disabled@'))).toBe(false);
    expect(toA?.subject).toBe('Your Bloomline statement for March 2026');
    expect(toA?.attachments?.[0]).toMatchObject({
      filename: 'statement-protea-petals-2026-03-summary.pdf',
      contentType: 'application/pdf',
    });
    expect(toA?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The e-mail links to the month's statement on the web.
    expect(toA?.text).toContain('Hello Protea Petals,');
    expect(toA?.text).toContain('http://localhost:3000/statements/2026-03');
  });

  it('a second start sends nobody twice: only the failed partner is tried again', async () => {
    const before = sent.length;
    const again = await staff.post('/api/reporting/statements/month-end', { month: MARCH.month });
    expect(again.statusCode).toBe(202);
    const run = await finished(MARCH.month);
    expect(run).toMatchObject({ sent: 2, failed: 1, toGo: 0 });
    expect(sent.length).toBe(before);
  });

  it('after a restart mid-run, a job left running is picked up and every partner gets one mail', async () => {
    const db = h.database.db;
    const month = '2026-04';
    // A process died while sending A's statement (running, claimed long ago); B's is still queued.
    await db.execute(sql`insert into statement_jobs (month, partner_id, status, attempts, locked_at)
      values (${month}, ${h.fixtures.partnerA.id}, 'running', 1, now() - interval '1 hour'),
             (${month}, ${h.fixtures.partnerB.id}, 'queued', 0, null)`);
    // Two processes start beside each other on the same queue.
    const workers = [1, 2].map(() =>
      createStatementRun({
        db,
        mails: h.app.mails,
        appUrl: 'http://localhost:3000',
        log: h.app.log,
        leaseSeconds: 600,
        pollMs: 20,
      }),
    );
    workers.forEach((w) => w.startWorker());
    await Promise.all(workers.map((w) => w.wake()));
    await Promise.all(workers.map((w) => w.stopWorker()));
    const run = await finished(month);
    expect(run).toMatchObject({ total: 2, sent: 2, failed: 0, toGo: 0 });
    expect(mailsTo('florist@example.com', month)).toHaveLength(1);
    expect(mailsTo('reader-b@example.com', month)).toHaveLength(1);
    const [jobs] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from statement_jobs where month = ${month}`,
    );
    expect(jobs?.n).toBe(2);
  });

  it('is for staff only; a month is checked; the previous month is the default', async () => {
    expect((await florist.post('/api/reporting/statements/month-end', {})).statusCode).toBe(403);
    expect((await florist2.get('/api/reporting/statements/month-end')).statusCode).toBe(403);
    expect((await florist.get('/api/reporting/statements/month-end')).statusCode).toBe(403);
    expect((await guest.get('/api/reporting/statements/month-end')).statusCode).toBe(401);
    for (const month of ['2026-13', '26-1', '../x', '2999-01']) {
      expect((await staff.post('/api/reporting/statements/month-end', { month })).statusCode, month).toBe(
        422,
      );
      expect(
        (await staff.get(`/api/reporting/statements/month-end?month=${encodeURIComponent(month)}`))
          .statusCode,
      ).toBe(422);
    }
    const idle = await staff.get('/api/reporting/statements/month-end');
    expect(idle.json<{ data: MonthEndRun }>().data).toEqual({
      month: previousMonth(currentMonth()),
      total: 0,
      sent: 0,
      failed: 0,
      toGo: 0,
      failures: [],
      partners: [],
    });
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('keeps each attachment as a file beside its message, so what was sent can be opened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const outbox = createMailer({ from: 'statements@example.com', outboxDir: dir, log: h.app.log });
    await outbox.send({
      to: 'florist@example.com',
      subject: 'Statement',
      text: 'Attached.',
      attachments: [
        { filename: 'statement.pdf', contentType: 'application/pdf', content: Buffer.alloc(12345, 1) },
      ],
    });
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.json'));
    const written = JSON.parse(readFileSync(join(dir, file!), 'utf8')) as {
      attachments: { file: string }[];
    };
    const kept = `${file!.replace(/\.json$/, '')}-statement.pdf`;
    expect(written.attachments).toEqual([
      { filename: 'statement.pdf', contentType: 'application/pdf', size: 12345, file: kept },
    ]);
    expect(readFileSync(join(dir, kept))).toEqual(Buffer.alloc(12345, 1));
  });
});
