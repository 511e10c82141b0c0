import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CLAIM_TEXTS, type ReturnDetail, type ReturnListItem } from '@bloomline/contract';

import { axeViolations } from '@/test/axe';
import { bodyOf, callsOf, invalid, pageOf, stubApi, type Handler } from '@/test/api-stub';
import { onPhone } from '@/test/phone';
import { renderApp, Where } from '@/test/render';

import { ReturnListPage } from './return-list-page';
import { ReturnPage } from './return-page';

afterEach(() => vi.restoreAllMocks());

const listItem = (overrides: Partial<ReturnListItem> = {}): ReturnListItem => ({
  id: 4,
  name: 'R-1004',
  order: { id: 31, name: '#BL10031' },
  status: 'open',
  lineCount: 2,
  responsible: null,
  createdAt: '2024-01-05T08:30:00.000Z',
  ...overrides,
});

const openReturn: ReturnDetail = {
  ...listItem(),
  processedAt: null,
  processedBy: null,
  creditNotes: [{ partner: { id: 7, name: 'Petals & Co' }, amount: 337.51 }],
  lines: [
    {
      id: 1,
      orderLine: { id: 11, title: 'Pink rose bouquet', partner: { id: 7, name: 'Petals & Co' } },
      quantity: 1,
      reason: 'Damaged',
      reasonNote: 'Stems broken',
    },
    {
      id: 2,
      orderLine: { id: 12, title: 'Vase', partner: null },
      quantity: 2,
      reason: 'Not as described',
      reasonNote: null,
    },
  ],
};
const processed = (responsible: ReturnDetail['responsible']): ReturnDetail => ({
  ...openReturn,
  status: 'processed',
  responsible,
  processedAt: '2024-01-06T10:00:00.000Z',
  processedBy: { name: 'Ada Admin' },
});

const rows = [
  listItem(),
  listItem({
    id: 3,
    name: 'R-1003',
    order: { id: 30, name: '#BL10030' },
    status: 'processed',
    lineCount: 1,
    responsible: 'Partner',
  }),
];

/** The return's GET answers `current()`, so a process the stub accepted shows on the refetch. */
function api(current: () => ReturnDetail | null, extra?: Handler) {
  return stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if ((init.method ?? 'GET') !== 'GET') return undefined;
    if (url.pathname === '/api/orders/returns')
      return { body: pageOf(rows, { total: 16, path: '/api/orders/returns' }) };
    const record = current();
    if (record && url.pathname === `/api/orders/returns/${record.id}`) return { body: { data: record } };
    return undefined;
  });
}

const posts = (spy: ReturnType<typeof stubApi>) => callsOf(spy).filter((c) => c.startsWith('POST'));
const responsibleBox = () => screen.getByRole('textbox', { name: /^Responsible/ });
const dialog = () => screen.getByRole('dialog', { name: 'Process return' });

function openPage() {
  return renderApp(
    <>
      <ReturnPage />
      <Notifications />
    </>,
    { history: ['/orders/returns', '/orders/returns/4'], path: '/orders/returns/:returnId' },
  );
}

describe('/orders/returns', () => {
  it('lists the returns with their order, status, line count and responsible, and passes axe', async () => {
    const spy = api(() => null);
    const { container } = renderApp(<ReturnListPage />, {
      history: ['/orders/returns'],
      path: '/orders/returns',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Returns' })).toBeInTheDocument();
    const open = await screen.findByRole('row', { name: /^R-1004/ });
    expect(open).toHaveTextContent('R-1004#BL10031Open2—05 Jan 2024View');
    expect(screen.getByRole('row', { name: /^R-1003/ })).toHaveTextContent('R-1003#BL10030Processed1Partner');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Order',
      'Status',
      'Line count',
      'Responsible',
      'Date',
      'Actions',
    ]);
    expect(within(open).getByRole('link', { name: '#BL10031' })).toHaveAttribute('href', '/order/31');
    expect(within(open).getByRole('link', { name: 'View R-1004' })).toHaveAttribute(
      'href',
      '/orders/returns/4',
    );
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Search returns by return or order name' }),
      'BL100{Enter}',
    );
    const listCall = (query: string) => `GET /api/orders/returns?${query}&s=created_at&d=desc`;
    await waitFor(() => expect(callsOf(spy)).toContain(listCall('page=1&per_page=15&q=BL100')));
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(callsOf(spy)).toContain(listCall('page=2&per_page=15&q=BL100')));
  });

  it('says when there are none, and shows a failed load with Retry', async () => {
    stubApi(() => ({ body: pageOf([]) }));
    const first = renderApp(<ReturnListPage />, { history: ['/orders/returns'], path: '/orders/returns' });
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
    first.unmount();
    vi.restoreAllMocks();
    stubApi(() => ({ status: 500, body: { message: 'Server Error' } }));
    renderApp(<ReturnListPage />, { history: ['/orders/returns'], path: '/orders/returns' });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  describe('on a phone', () => {
    onPhone();
    it('draws each return as a card with its View link', async () => {
      api(() => null);
      const { container } = renderApp(<ReturnListPage />, {
        history: ['/orders/returns'],
        path: '/orders/returns',
      });
      expect(await screen.findByRole('link', { name: 'View R-1004' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(/Line count\s*2/);
      expect(await axeViolations(container)).toEqual([]);
    });
  });
});

describe('/orders/returns/{id}', () => {
  it('spins, then shows the return and its lines with reasons and notes, and passes axe', async () => {
    api(() => openReturn);
    const { container } = openPage();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'R-1004' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Returns' })).toHaveAttribute('href', '/orders/returns');
    // Back, as the refund page has (issue 36).
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/orders/returns');
    expect(screen.getByRole('link', { name: '#BL10031' })).toHaveAttribute('href', '/order/31');
    expect(screen.getByText('Items count').nextSibling).toHaveTextContent('2');
    expect(screen.getByRole('row', { name: /^Pink rose bouquet/ })).toHaveTextContent(
      'Pink rose bouquetPetals & Co1DamagedStems broken',
    );
    expect(screen.getByRole('row', { name: /^Vase/ })).toHaveTextContent('VaseNo partner2Not as described—');
    expect(screen.getByRole('button', { name: 'Process return' })).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Process return' }));
    // The same placeholder as the refund's (issue 36).
    expect(responsibleBox()).toHaveValue('');
    expect(responsibleBox()).toHaveAttribute('placeholder', 'Choose who is responsible');
    expect(await axeViolations(dialog())).toEqual([]);
  });

  it("refuses '---' under the field as required, and sends nothing", async () => {
    const spy = api(() => openReturn);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Process return' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process return' }));
    expect(await screen.findByText('Responsible is required.')).toBeInTheDocument();
    expect(responsibleBox()).toHaveAttribute('aria-invalid', 'true');
    expect(posts(spy)).toEqual([]);
  });

  it('processes it as Partner: says so, and the page shows it processed without the button', async () => {
    let record = openReturn;
    const spy = api(
      () => record,
      (url, init) => {
        if (init.method !== 'POST') return undefined;
        record = processed('Partner');
        return { body: { data: record } };
      },
    );
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Process return' }));
    await userEvent.click(responsibleBox());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '---',
      'Bloomline',
      'Partner',
      'Customer',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Partner' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process return' }));
    expect(await screen.findByText('Return processed.')).toBeInTheDocument();
    expect(posts(spy)).toEqual(['POST /api/orders/returns/4/process']);
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ responsible: 'Partner' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Process return' })).not.toBeInTheDocument();
    expect(screen.getByText('Processed', { selector: '[data-status] *, [data-status]' })).toBeInTheDocument();
    expect(screen.getByText('Processed by').nextSibling).toHaveTextContent('Ada Admin');
    expect(screen.getByText('Responsible').nextSibling).toHaveTextContent('Partner');
  });

  it("shows the server's 422 under the field", async () => {
    api(
      () => openReturn,
      (url, init) =>
        init.method === 'POST' ? invalid({ responsible: [CLAIM_TEXTS.responsibleChoice] }) : undefined,
    );
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Process return' }));
    await userEvent.click(responsibleBox());
    await userEvent.click(screen.getByRole('option', { name: 'Customer' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process return' }));
    expect(await screen.findByText(CLAIM_TEXTS.responsibleChoice)).toBeInTheDocument();
    expect(responsibleBox()).toHaveAccessibleDescription(CLAIM_TEXTS.responsibleChoice);
  });

  it('says when it was processed meanwhile (409), and the page catches up', async () => {
    let record = openReturn;
    api(
      () => record,
      (url, init) => {
        if (init.method !== 'POST') return undefined;
        record = processed('Customer');
        return { status: 409, body: { message: CLAIM_TEXTS.returnProcessed } };
      },
    );
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Process return' }));
    await userEvent.click(responsibleBox());
    await userEvent.click(screen.getByRole('option', { name: 'Bloomline' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Process return' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(CLAIM_TEXTS.returnProcessed);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Process return' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Responsible').nextSibling).toHaveTextContent('Customer');
  });

  it('has no Process button once processed, and says so for a return that does not exist', async () => {
    api(() => processed('Bloomline'));
    const first = openPage();
    expect(await screen.findByText('Processed by')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Process return' })).not.toBeInTheDocument();
    first.unmount();
    renderApp(<ReturnPage />, { history: ['/orders/returns/99'], path: '/orders/returns/:returnId' });
    expect(await screen.findByText('This return does not exist.')).toBeInTheDocument();
  });

  it('goes to the return page from the list', async () => {
    api(() => openReturn);
    renderApp(<ReturnListPage />, {
      history: ['/orders/returns'],
      path: '/orders/returns',
      others: { '/orders/returns/:returnId': <Where /> },
    });
    await userEvent.click(await screen.findByRole('link', { name: 'View R-1004' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/orders/returns/4');
  });
});
