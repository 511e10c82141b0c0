import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CollectionStatusItem, PartnerOrdersItem, PartnerSalesItem } from '@bloomline/contract';

import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import { seedWorld } from './reporting.test-support';

// Issue 36, point 7: the Sales by partner screen's own report (its chart's figures, as its table and export
// show them) and collection status as a file, like every report. reporting.test.ts holds partner orders, from
// which partner sales are taken, against a reference computed from the seeded rows.

let h: Harness;
let staff: TestClient;

beforeAll(async () => {
  h = await createHarness();
  await seedWorld(h.database.db, h.fixtures, 40);
  ({ staff } = await h.signedIn('10.23.4'));
});
afterAll(() => h.close());

async function data<T>(path: string, query = ''): Promise<T[]> {
  const res = await staff.get(`/api/reporting/${path}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T[] }>().data;
}

async function csvLines(path: string) {
  const res = await staff.get(`/api/reporting/${path}`, { accept: 'text/csv' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const lines = res.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  return { disposition: res.headers['content-disposition'], lines };
}

describe('GET /api/reporting/partner-sales', () => {
  it.each(['', '?startDate=2026-02-01&endDate=2026-02-28', '?status=5'])(
    'is each partner’s order value of partner orders%s, largest first',
    async (query) => {
      const orders = await data<PartnerOrdersItem>('partner-orders', query);
      const expected = orders
        .map((r) => ({ partner: r.partner, partnerName: r.partnerName, sales: r.orderValue }))
        .sort((a, b) => b.sales - a.sales || a.partnerName.localeCompare(b.partnerName));
      expect(await data<PartnerSalesItem>('partner-sales', query)).toEqual(expected);
    },
  );

  it('holds the same rows as a file, under the table’s headings', async () => {
    const { disposition, lines } = await csvLines('partner-sales?startDate=2026-02-01&endDate=2026-02-28');
    expect(disposition).toBe('attachment; filename="partner-sales-2026-02-01-2026-02-28.csv"');
    expect(lines[0]).toBe('Partner,Sales');
    const json = await data<PartnerSalesItem>('partner-sales', '?startDate=2026-02-01&endDate=2026-02-28');
    expect(json.length).toBeGreaterThan(1);
    expect(lines.slice(1)).toEqual(json.map((r) => `${r.partnerName},${r.sales.toFixed(2)}`));
  });
});

describe('GET /api/reporting/collection-status as a file', () => {
  it('answers Accept: text/csv like every report', async () => {
    const { disposition, lines } = await csvLines('collection-status');
    expect(disposition).toBe('attachment; filename="collection-status-all-all.csv"');
    expect(lines[0]).toBe('Name,Local delivery,Partners');
    const json = await data<CollectionStatusItem>('collection-status');
    expect(json.length).toBeGreaterThan(0);
    expect(lines.slice(1)).toEqual(
      json.map((r) => `${r.name},${r.local_delivery ? 'Yes' : 'No'},${String(r.partners)}`),
    );
  });
});
