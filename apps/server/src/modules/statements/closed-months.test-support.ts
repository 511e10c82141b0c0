import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import { expect } from 'vitest';

import { monthBounds, todayInJohannesburg } from '@bloomline/contract';

import { bills, creditNotes, refunds } from '../../db/schema';
import type { TestClient } from '../../test/client';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';

/**
 * The closed-month test's tools (issue 46): orders delivered "in" a past month (delivered through the product,
 * then their dates set back, as if it had happened then: no API dates anything in the past), and everything a
 * month shows captured as text: the statement's JSON, both PDFs as pdftotext reads them, the accounting CSV.
 */

export const TODAY = todayInJohannesburg();
export type Errors = { message: string; errors?: Record<string, string[]> };

const dir = mkdtempSync(join(tmpdir(), 'closed-month-'));

/** A day of `month` (YYYY-MM-DD). */
export const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;
export const lastDayOf = (month: string) =>
  new Date(Date.parse(`${monthBounds(month).next}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
export const dayFromToday = (n: number) =>
  new Date(Date.parse(`${TODAY}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A PDF's text, laid out as pdftotext reads it. */
export function pdfText(pdf: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const answer = await res;
  expect(answer.statusCode, answer.body.slice(0, 300)).toBeLessThan(300);
  return answer;
}

/** Everything a partner's month shows, as text: compared byte for byte before and after a day's activity. */
export async function captureMonth(staff: TestClient, month: string, partnerId: number) {
  const who = `partner_id=${String(partnerId)}`;
  const pdf = async (kind: string) => {
    const res = await staff.get(`/api/reporting/statements/${month}/${kind}?${who}`);
    expect(res.statusCode).toBe(200);
    return pdfText(res.rawPayload, `${month}-${String(partnerId)}-${kind}-${String(Date.now())}`);
  };
  const range = `startDate=${monthBounds(month).first}&endDate=${lastDayOf(month)}`;
  return {
    json: (await ok(staff.get(`/api/reporting/statements?month=${month}&${who}`))).body,
    detail: await pdf('detail'),
    summary: await pdf('summary'),
    csvRows: (await ok(staff.get(`/api/reporting/accounting-csv?${range}`))).body,
    csv: (await ok(staff.get(`/api/reporting/accounting-csv?${range}`, { accept: 'text/csv' }))).body,
  };
}

/**
 * An order of `partnerId` scheduled on `scheduled`, delivered through the product today, then dated back to
 * `deliveredOn` (its bill's statement day, and a relay order's in-store deduction) as if delivered then.
 */
export async function deliveredOn(
  h: Harness,
  staff: TestClient,
  spec: { partnerId: number; scheduled: string; deliveredOn: string; placedBy?: number; valueCents?: number },
) {
  const order = await createOrder(
    h.database.db,
    [{ partnerId: spec.partnerId, status: 'fulfilled', valueCents: spec.valueCents ?? 45000 }],
    { deliveryDate: spec.scheduled, placedByPartnerId: spec.placedBy ?? null },
  );
  await ok(staff.post('/api/deliver-order-line', { id: order.lineIds[0]! }));
  const db = h.database.db;
  await db.update(bills).set({ statementDay: spec.deliveredOn }).where(eq(bills.orderId, order.id));
  await db.update(creditNotes).set({ date: spec.deliveredOn }).where(eq(creditNotes.orderId, order.id));
  return order;
}

/** A refund of one line processed with the partner responsible, then dated back to `day` (noon there). */
export async function refundProcessed(
  staff: TestClient,
  h: Harness,
  order: { id: number; lineIds: number[] },
  onPay: string,
  day?: string,
) {
  const opened = await ok(
    staff.post(`/api/orders/${String(order.id)}/refunds`, {
      amount: 100,
      lines: [order.lineIds[0]!],
      reason: 'Wilted on arrival',
    }),
  );
  const id = (JSON.parse(opened.body) as { data: { id: number } }).data.id;
  await ok(staff.put(`/api/orders/refunds/${String(id)}`, { responsible: 'Partner', onPay }));
  if (day)
    await h.database.db
      .update(refunds)
      .set({ processedAt: new Date(`${day}T12:00:00+02:00`) })
      .where(eq(refunds.id, id));
  return id;
}

/** A return of one line processed with the partner responsible (its credit note dated today). */
export async function returnProcessed(staff: TestClient, order: { id: number; lineIds: number[] }) {
  const opened = await ok(
    staff.post(`/api/orders/${String(order.id)}/returns`, {
      lines: [{ orderLineId: order.lineIds[0]!, quantity: 1, reason: 'Damaged' }],
    }),
  );
  const id = (JSON.parse(opened.body) as { data: { id: number } }).data.id;
  await ok(staff.post(`/api/orders/returns/${String(id)}/process`, { responsible: 'Partner' }));
  return id;
}
