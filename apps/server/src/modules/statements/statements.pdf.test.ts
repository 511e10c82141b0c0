import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { STATEMENT_FIGURES, formatMoney, type StatementAnswer } from '@bloomline/contract';

import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import { MARCH, seedBusyMonth, seedStatementMonths } from './statements.test-support';

// The statement PDFs: read back with pdftotext (the figures equal the JSON's, as the screen writes them),
// one page drawn with pdftoppm, the file names, the scoping, and a busy month of 2,000 entries (its time
// printed, not asserted: benchmarks are not tests).

const BUSY_MONTH = '2026-06';
const BUSY_ENTRIES = 2000;

let h: Harness;
let staff: TestClient;
let florist: TestClient;
let florist2: TestClient;
let guest: TestClient;
const dir = mkdtempSync(join(tmpdir(), 'statement-pdf-'));

beforeAll(async () => {
  h = await createHarness();
  await seedStatementMonths(h.database.db, h.fixtures);
  await seedBusyMonth(h.database.db, h.fixtures.partnerB.id, BUSY_MONTH, BUSY_ENTRIES);
  ({ staff, partnerA: florist, partnerB: florist2 } = await h.signedIn('10.22.2'));
  guest = h.client('10.22.2.5');
  await guest.csrf();
});
afterAll(() => h.close());

/** The PDF's text as pdftotext reads it (layout kept, so a row stays on one line). */
function textOf(pdf: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function download(client: TestClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { pdf: res.rawPayload, disposition: String(res.headers['content-disposition']) };
}

describe('GET /api/reporting/statements/{month}/detail and /summary', () => {
  it('the detailed PDF: brand, partner, address, month, the five figures as the JSON gives them, every entry', async () => {
    const json = (
      await florist.get(`/api/reporting/statements?month=${MARCH.month}`)
    ).json<StatementAnswer>();
    const { pdf, disposition } = await download(florist, `/api/reporting/statements/${MARCH.month}/detail`);
    expect(disposition).toBe('attachment; filename="statement-protea-petals-2026-03-detail.pdf"');
    const text = textOf(pdf, 'detail.pdf');
    for (const words of [
      'Bloomline',
      'Statement for March 2026',
      'Protea Petals',
      '12 Long Street',
      'Page 1 of 1',
    ])
      expect(text).toContain(words);
    for (const figure of STATEMENT_FIGURES) {
      const line = text.split('\n').find((l) => l.includes(figure.label));
      expect(line, figure.label).toContain(formatMoney(json.meta.totals[figure.key]));
    }
    expect(text).toContain('R 915,25');
    // Every entry, with its amount as shown: orders their bill less credit notes, the rest negative.
    for (const name of [
      '#S1',
      '#S2',
      '#S3',
      '#S4',
      '#S5',
      'EFT BL202602-001',
      'EFT BL202603-001',
      'Wholesale roses',
      '#S2-RF1',
    ])
      expect(text).toContain(name);
    for (const amount of [
      'R 450,00',
      'R 320,50',
      'R 1 000,00',
      '-R 30,00',
      '-R 75,25',
      '-R 200,00',
      '-R 420,00',
      '-R 300,00',
      '-R 450,00',
    ])
      expect(text).toContain(amount);
    expect(text).not.toContain('#S2-RF3');
  });

  it('the summary PDF: the five figures and a count per entry type, drawn as a page', async () => {
    const { pdf, disposition } = await download(florist, `/api/reporting/statements/${MARCH.month}/summary`);
    expect(disposition).toBe('attachment; filename="statement-protea-petals-2026-03-summary.pdf"');
    const text = textOf(pdf, 'summary.pdf');
    expect(text).toContain('Statement for March 2026');
    for (const figure of STATEMENT_FIGURES)
      expect(text.split('\n').find((l) => l.includes(figure.label))).toContain(
        formatMoney(MARCH.totals[figure.key]),
      );
    // Each type's count and amount as shown, worked by hand: orders 450 + 320,50 + 1 000 - 30 = 1 740,50;
    // payments 200 + 420 = 620,00 (negative, as every entry but an order).
    const row = (label: string) =>
      /^\S+\s+(\d+)\s+(.+)$/
        .exec(
          text
            .split('\n')
            .find((l) => l.trim().startsWith(label))
            ?.trim() ?? '',
        )
        ?.slice(1)
        .map((cell) => cell.replace(/\s+/g, ' '));
    expect(['Order', 'Refund', 'Wholesale', 'In-store'].map(row)).toEqual([
      ['4', 'R 1 740,50'],
      ['1', '-R 75,25'],
      ['1', '-R 300,00'],
      ['1', '-R 450,00'],
    ]);
    // Issue 46: the table adds up to the month's Total on pay (1 740,50 - 75,25 - 300 - 450 = 915,25), and the
    // payments received stand below it on their own line, never netted into it.
    const line = (label: string) =>
      text
        .split('\n')
        .filter((l) => l.trim().startsWith(label))
        .map((l) => l.trim().replace(/\s+/g, ' '));
    expect(line('Total on pay')).toContain('Total on pay 7 R 915,25');
    expect(MARCH.totals.totalOnPay).toBe(915.25);
    expect(line('Paid to you this month')).toEqual(['Paid to you this month 2 R 620,00']);
    expect(text).not.toMatch(/^\s*Payment\s/m);
    expect(text).not.toContain('#S1');
    // One page drawn to a picture, to look at (tests/README: open the PNG when the layout changes).
    writeFileSync(join(dir, 'summary.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      join(dir, 'summary.pdf'),
      join(dir, 'summary'),
    ]);
    const png = join(dir, 'summary-1.png');
    expect(existsSync(png)).toBe(true);
    console.log(`summary page drawn: ${png}`);
  });

  it('staff download any partner’s (partner_id); a partner only their own; 403 without the permission', async () => {
    const forB = await download(
      staff,
      `/api/reporting/statements/${MARCH.month}/summary?partner_id=${String(h.fixtures.partnerB.id)}`,
    );
    expect(forB.disposition).toContain('statement-fynbos-co-2026-03-summary.pdf');
    expect(textOf(forB.pdf, 'b.pdf')).toContain('R 999,00');
    const own = await download(
      florist,
      `/api/reporting/statements/${MARCH.month}/summary?partner_id=${String(h.fixtures.partnerB.id)}`,
    );
    expect(own.disposition).toContain('protea-petals');
    expect((await staff.get(`/api/reporting/statements/${MARCH.month}/detail`)).statusCode).toBe(422);
    expect((await florist2.get(`/api/reporting/statements/${MARCH.month}/detail`)).statusCode).toBe(403);
    expect((await guest.get(`/api/reporting/statements/${MARCH.month}/summary`)).statusCode).toBe(401);
  });

  it('refuses a malformed or future month and an unknown sort with 422, never 500', async () => {
    for (const month of ['2026-13', '26-1', '..%2Fx', '2999-01']) {
      const res = await florist.get(`/api/reporting/statements/${month}/detail`);
      expect(res.statusCode, month).toBe(422);
    }
    expect((await florist.get(`/api/reporting/statements/${MARCH.month}/detail?s=amount`)).statusCode).toBe(
      422,
    );
  });

  it(`a busy month of ${String(BUSY_ENTRIES)} entries: every entry, headers on each page, pages numbered`, async () => {
    // A first download warms the code paths (the first request of a process pays for them); the second is timed.
    await download(
      staff,
      `/api/reporting/statements/${BUSY_MONTH}/summary?partner_id=${String(h.fixtures.partnerB.id)}`,
    );
    const url = `/api/reporting/statements/${BUSY_MONTH}/detail?partner_id=${String(h.fixtures.partnerB.id)}`;
    const started = performance.now();
    const { pdf } = await download(staff, url);
    const ms = performance.now() - started;
    const text = textOf(pdf, 'busy.pdf');
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    console.log(
      `busy month: ${String(BUSY_ENTRIES)} entries, ${String(pages.length)} pages, ${String(pdf.length)} bytes in ${ms.toFixed(0)} ms`,
    );
    expect(pages.length).toBeGreaterThan(30);
    pages.forEach((page, i) => {
      expect(page).toMatch(/Date\s+Type\s+Order no\s+Details\s+Amount/);
      expect(page).toContain(`Page ${String(i + 1)} of ${String(pages.length)}`);
    });
    const names = new Set(text.match(/#B1\d{5}/g));
    expect(names.size).toBe(BUSY_ENTRIES);
  });
});
