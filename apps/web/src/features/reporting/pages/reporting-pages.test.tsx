import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LINE_STATUSES } from '@bloomline/contract';

import { callsOf, stubApi, urlOf } from '@/test/api-stub';
import { axeViolations } from '@/test/axe';
import { renderApp, Where } from '@/test/render';

import {
  AverageFulfillmentPage,
  CollectionStatusPage,
  ComponentSalesPage,
  PartnerOrdersPage,
  PartnerSalesPage,
  ProfitCentreRevenuePage,
  ReportingMenuPage,
} from '.';

afterEach(() => vi.restoreAllMocks());

const partnerOrders = [
  { partner: 1, partnerName: 'Protea Petals', orderCount: 12, orderItemCount: 15, orderValue: 5400.5 },
  { partner: 2, partnerName: 'Fynbos & Co', orderCount: 4, orderItemCount: 20, orderValue: 9100 },
];
const partnerSales = [
  { partner: 2, partnerName: 'Fynbos & Co', sales: 9100 },
  { partner: 1, partnerName: 'Protea Petals', sales: 5400.5 },
];
const revenue = [
  { profitCentre: 'Web', revenue: 12345.67 },
  { profitCentre: 'AVBOB', revenue: 99 },
];

/** The API of the reports; `empty` answers every report with no rows. */
const api = ({ empty = false } = {}) =>
  stubApi((url) => {
    const rows = (data: unknown[]) => ({ body: { data: empty ? [] : data } });
    switch (url.pathname) {
      case '/api/order-line-statuses':
        return { body: { data: LINE_STATUSES.map((s) => ({ id: s.id, name: s.name })) } };
      case '/api/reporting/partner-orders':
        return rows(partnerOrders);
      case '/api/reporting/partner-sales':
        return rows(partnerSales);
      case '/api/reporting/profit-centre-revenue':
        return rows(revenue);
      case '/api/reporting/average-fulfillment-time':
        return rows([
          { partner: 2, partnerName: 'Fynbos & Co', average: 31 * 86_400 + 7200 },
          { partner: 1, partnerName: 'Protea Petals', average: 90_000 },
        ]);
      case '/api/reporting/component-sales':
        return rows([{ id: 3, name: 'Red rose', value: 2675.5, count: 100.5 }]);
      case '/api/reporting/collection-status':
        return rows([
          { id: 7, name: 'Cape Town', local_delivery: true, partners: 3 },
          { id: 8, name: 'Stellenbosch', local_delivery: false, partners: 1 },
        ]);
      default:
        return undefined;
    }
  });

const render = (ui: React.ReactElement, address: string) =>
  renderApp(
    <>
      {ui}
      <Where />
    </>,
    { history: [address], path: address.split('?')[0] },
  );

const where = () => screen.getByRole('status', { name: 'Location' }).textContent;
const rowsOf = (table: string) =>
  within(screen.getByRole('region', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('/reporting', () => {
  it("lists the reports in the spec's order", async () => {
    const { container } = render(<ReportingMenuPage />, '/reporting');
    const links = within(screen.getByRole('navigation', { name: 'Reports' })).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Partner orders', '/reporting/partner-orders'],
      ['Profit centres revenue', '/reporting/profit-centre-revenue'],
      ['Sales by partner', '/reporting/partner-sales'],
      ['Average fulfillment time', '/reporting/average-fulfillment-time'],
      ['Sales / Revenue by Component', '/reporting/component-sales'],
      ['Accounting CSV', '/reporting/accounting-csv'],
      ['Collection status', '/reporting/collection-status'],
    ]);
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('/reporting/partner-orders', () => {
  it('shows orders and order items per partner, each with its chart and table', async () => {
    const spy = api();
    const { container } = render(<PartnerOrdersPage />, '/reporting/partner-orders?startDate=2026-05-01');
    expect(await screen.findByRole('heading', { level: 1, name: 'Partner orders' })).toBeInTheDocument();
    await waitFor(() => expect(rowsOf('Orders')).toEqual(['Protea Petals12', 'Fynbos & Co4']));
    expect(rowsOf('Order items')).toEqual(['Fynbos & Co20', 'Protea Petals15']);
    expect(screen.getByRole('region', { name: 'Orders per partner' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order items per partner' })).toBeInTheDocument();
    expect(callsOf(spy)).toContain('GET /api/reporting/partner-orders?startDate=2026-05-01');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('filters by an order-line status from the statuses call; the address keeps it', async () => {
    const spy = api();
    render(<PartnerOrdersPage />, '/reporting/partner-orders');
    await userEvent.click(screen.getByRole('textbox', { name: 'Status' }));
    // The statuses by their names, not their codes (issue 36).
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toContain('Cancel confirmed');
    await userEvent.click(await screen.findByRole('option', { name: 'Delivered' }));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(where()).toBe('/reporting/partner-orders?status=5');
    await waitFor(() => expect(callsOf(spy)).toContain('GET /api/reporting/partner-orders?status=5'));
  });

  it('says so when the period has no data', async () => {
    api({ empty: true });
    render(<PartnerOrdersPage />, '/reporting/partner-orders?startDate=2030-01-01');
    expect(await screen.findAllByText('No data for this period.')).toHaveLength(4);
  });
});

describe('/reporting/partner-sales', () => {
  // Issue 36, point 7 (DECISIONS.md "Reporting"): the table lists the chart's own figures, and Export holds them.
  it('charts and tables the sales per partner, exports them, and Filter submits', async () => {
    const spy = api();
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { container } = render(<PartnerSalesPage />, '/reporting/partner-sales?status=3');
    await waitFor(() =>
      expect(rowsOf('Sales by partner')).toEqual(['Fynbos & CoR 9 100,00', 'Protea PetalsR 5 400,50']),
    );
    const chart = screen.getByRole('table', { name: 'Sales per partner' });
    expect(
      within(chart)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Fynbos & Co', 'Protea Petals']);
    expect(callsOf(spy)).toContain('GET /api/reporting/partner-sales?status=3');
    expect(callsOf(spy).some((c) => c.includes('profit-centre-revenue'))).toBe(false);
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(
        spy.mock.calls.some(
          ([u, init]) =>
            (init?.headers as Record<string, string>).Accept === 'text/csv' &&
            urlOf(u) === '/api/reporting/partner-sales?status=3',
        ),
      ).toBe(true),
    );
    // The filter's own button applies the form (not only Enter).
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Status' })).toHaveValue('Rejected'));
    await userEvent.click(screen.getByRole('textbox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Delivered' }));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(where()).toBe('/reporting/partner-sales?status=5');
    await waitFor(() => expect(callsOf(spy)).toContain('GET /api/reporting/partner-sales?status=5'));
  });

  it('shows the error and no data for an end before the start, not the last period’s report', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-15T10:00:00+02:00') });
    try {
      api();
      render(<PartnerSalesPage />, '/reporting/partner-sales?startDate=2026-05-01&endDate=2026-05-31');
      await waitFor(() => expect(rowsOf('Sales by partner')).toHaveLength(2));
      await userEvent.click(screen.getByRole('button', { name: 'End date' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Previous month' }));
      await userEvent.click(await screen.findByRole('button', { name: '30 April 2026' }));
      await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
      expect(await screen.findByText('End date cannot be before the start date.')).toBeInTheDocument();
      expect(screen.getAllByText('No data for this period.')).toHaveLength(2);
      expect(screen.queryByText('Fynbos & Co')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('/reporting/profit-centre-revenue', () => {
  it('shows revenue in rand and exports the same call as CSV with the filters on screen', async () => {
    const spy = api();
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { container } = render(
      <ProfitCentreRevenuePage />,
      '/reporting/profit-centre-revenue?startDate=2026-01-01&endDate=2026-01-31&status=5',
    );
    await waitFor(() =>
      expect(rowsOf('Revenue by profit centre')).toEqual(['WebR 12 345,67', 'AVBOBR 99,00']),
    );
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(
        spy.mock.calls.some(([, init]) => (init?.headers as Record<string, string>).Accept === 'text/csv'),
      ).toBe(true),
    );
    const exported = spy.mock.calls.find(
      ([, init]) => (init?.headers as Record<string, string>).Accept === 'text/csv',
    );
    expect(urlOf(exported![0])).toBe(
      '/api/reporting/profit-centre-revenue?startDate=2026-01-01&endDate=2026-01-31&status=5',
    );
  });
});

describe('/reporting/average-fulfillment-time', () => {
  it('shows each average as months, days and hours', async () => {
    api();
    const { container } = render(<AverageFulfillmentPage />, '/reporting/average-fulfillment-time');
    await waitFor(() =>
      expect(rowsOf('Average per partner')).toEqual([
        'Fynbos & Co1 month 1 day 2 hours',
        'Protea Petals1 day 1 hour',
      ]),
    );
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('/reporting/component-sales', () => {
  it('shows revenue and count per component', async () => {
    api();
    const { container } = render(<ComponentSalesPage />, '/reporting/component-sales?endDate=2026-05-31');
    await waitFor(() => expect(rowsOf('Components sold')).toEqual(['Red roseR 2 675,50100,5']));
    const table = within(screen.getByRole('region', { name: 'Components sold' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Component',
      'Sales revenue',
      'Count',
    ]);
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('/reporting/collection-status', () => {
  it('shows each city with Yes or No and its partners, without filters, and exports them', async () => {
    const spy = api();
    const { container } = render(<CollectionStatusPage />, '/reporting/collection-status');
    expect(await screen.findByRole('row', { name: /Cape Town/ })).toHaveTextContent('Cape TownYes3');
    expect(screen.getByRole('row', { name: /Stellenbosch/ })).toHaveTextContent('StellenboschNo1');
    expect(screen.queryByRole('button', { name: 'Filter' })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
    // Exported like every report (issue 36).
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(
        spy.mock.calls.some(
          ([u, init]) =>
            (init?.headers as Record<string, string>).Accept === 'text/csv' &&
            urlOf(u) === '/api/reporting/collection-status',
        ),
      ).toBe(true),
    );
  });
});
