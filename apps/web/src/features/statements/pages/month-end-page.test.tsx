import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { MonthEndRun } from '@bloomline/contract';

import { axeViolations } from '@/test/axe';
import { bodyOf, callsOf, stubApi } from '@/test/api-stub';
import { onPhone } from '@/test/phone';
import { renderApp } from '@/test/render';

import { MONTH_END_POLL_MS } from '../api/month-end-run';
import { MonthEndPage, SEND_LABEL } from './month-end-page';
import { run } from './statements.test-support';

const SENT_AT = '2026-11-01T04:02:11Z';
const sentTo = (id: number, name: string, to: string) => ({
  partner: { id, name },
  status: 'sent' as const,
  to,
  sentAt: SENT_AT,
  error: null,
  attempts: 1,
});
const KAROO = {
  partner: { id: 9, name: 'Karoo Blossoms' },
  status: 'failed' as const,
  to: 'karoo@example.com',
  sentAt: null,
  error: '550 mailbox unavailable',
  attempts: 6,
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Answers the progress calls in turn (the last one again and again), and the start with `started`. */
function runApi(answers: MonthEndRun[], started?: MonthEndRun) {
  let next = 0;
  return stubApi((url, init) => {
    if (url.pathname !== '/api/reporting/statements/month-end') return undefined;
    if (init.method === 'POST') return { status: 202, body: { data: started } };
    const answer = answers[Math.min(next, answers.length - 1)];
    next += 1;
    return { body: { data: answer } };
  });
}

const open = () => renderApp(<MonthEndPage />, { history: ['/statements/month-end'] });

describe('/statements/month-end', () => {
  it('sends last month’s statements after asking, then shows the progress until done', async () => {
    const everyone = [
      sentTo(1, 'Protea Petals', 'florist@example.com'),
      sentTo(2, 'Fynbos & Co', 'anna@fynbos.example, reader@fynbos.example'),
      sentTo(3, 'Veld & Vase', 'veld@example.com'),
    ];
    const spy = runApi(
      [run(), run({ total: 3, sent: 2, toGo: 1 }), run({ total: 3, sent: 3, partners: everyone })],
      run({ total: 3, toGo: 3 }),
    );
    const { container } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Month-end statements' })).toBeInTheDocument();
    expect(await screen.findByText('Not started for October 2026.')).toBeInTheDocument();
    expect(screen.getByText(/starts by itself at 06:00 on the 1st of each month/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: SEND_LABEL }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('their statement for October 2026 by e-mail?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sending: 0 of 3 done.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SEND_LABEL })).toBeDisabled();
    expect(callsOf(spy)).toContain('POST /api/reporting/statements/month-end');
    expect(bodyOf(spy.mock.calls.find(([, init]) => init?.method === 'POST')?.[1])).toEqual({});
    // Asked again every 2 s while partners are still to go.
    expect(
      await screen.findByText('Sending: 2 of 3 done.', {}, { timeout: MONTH_END_POLL_MS * 3 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        /Done: every partner was sent their statement \(3\)/,
        {},
        { timeout: MONTH_END_POLL_MS * 3 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Sent:').parentElement).toHaveTextContent('Sent: 3');
    const polls = callsOf(spy).filter((c) => c === 'GET /api/reporting/statements/month-end').length;
    await new Promise((resolve) => setTimeout(resolve, MONTH_END_POLL_MS + 500));
    expect(callsOf(spy).filter((c) => c === 'GET /api/reporting/statements/month-end')).toHaveLength(polls);
    // Every statement of the month is sent: nothing left to press, and the page says whom it went to.
    expect(screen.getByRole('button', { name: 'Every statement is sent' })).toBeDisabled();
    const table = screen.getByRole('table', { name: 'The statement of each partner for October 2026' });
    const fynbos = within(table).getByRole('link', { name: 'Fynbos & Co' }).closest('tr')!;
    expect(fynbos).toHaveTextContent('anna@fynbos.example, reader@fynbos.example');
    expect(fynbos).toHaveTextContent('Sent');
    // 04:02 UTC is 06:02 in Johannesburg.
    expect(fynbos).toHaveTextContent('06:02');
    expect(fynbos.querySelector('time')).toHaveAttribute('datetime', '2026-11-01T04:02:11.000Z');
    expect(await axeViolations(container)).toEqual([]);
  }, 30_000);

  it('offers to try again only for the partners it could not reach, and says so', async () => {
    const spy = runApi(
      [
        run({
          total: 2,
          sent: 1,
          failed: 1,
          failures: [{ partner: KAROO.partner, error: KAROO.error }],
          partners: [KAROO, sentTo(1, 'Protea Petals', 'florist@example.com')],
        }),
      ],
      run({ total: 2, sent: 1, toGo: 1 }),
    );
    open();
    const retry = await screen.findByRole('button', { name: 'Try again for the 1 not reached' });
    await userEvent.click(retry);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Send the statement for October 2026 again to the 1 partner it could not reach? Those already sent get nothing.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/reporting/statements/month-end'));
  });

  it('finds a run where it is after a reload, and lists the partners it could not reach', async () => {
    const noAddress = 'No enabled user with statements has an e-mail address.';
    runApi([
      run({
        total: 4,
        sent: 2,
        failed: 1,
        toGo: 1,
        failures: [{ partner: { id: 9, name: 'Karoo Blossoms' }, error: noAddress }],
        partners: [
          sentTo(1, 'Protea Petals', 'florist@example.com'),
          { ...KAROO, to: null, error: noAddress, attempts: 0 },
          {
            partner: { id: 4, name: 'Bloem & Blaar' },
            status: 'sending',
            to: 'bloem@example.com',
            sentAt: null,
            error: '421 try again later',
            attempts: 1,
          },
          sentTo(2, 'Fynbos & Co', 'anna@fynbos.example'),
        ],
      }),
    ]);
    const { container } = open();
    expect(await screen.findByText('Sending: 3 of 4 done.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SEND_LABEL })).toBeDisabled();
    expect(
      screen.getByRole('heading', { name: 'Partners in the run: who it reached, who not and why' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Karoo Blossoms' })).toHaveAttribute('href', '/partners/9');
    // The ones it could not reach come first, with why; then those still going; then the sent.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Karoo Blossoms',
      'Bloem & Blaar',
      'Protea Petals',
      'Fynbos & Co',
    ]);
    expect(rows[0]).toHaveTextContent(`Not sent${noAddress}`);
    expect(rows[1]).toHaveTextContent('Tried 1×, trying again: 421 try again later');
    expect(screen.getByText('Failed:').parentElement).toHaveTextContent('Failed: 1');
    expect(screen.getByText('To go:').parentElement).toHaveTextContent('To go: 1');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows a failure to load with Retry', async () => {
    stubApi(() => ({ status: 403, body: { message: 'This action is unauthorized.' } }));
    open();
    expect(await screen.findByText('This action is unauthorized.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument());
  });

  describe('on a phone', () => {
    onPhone();
    it('shows the same, without axe violations', async () => {
      runApi([
        run({
          total: 2,
          sent: 1,
          failed: 1,
          failures: [{ partner: { id: 9, name: 'Karoo Blossoms' }, error: 'SMTP refused' }],
        }),
      ]);
      const { container } = open();
      expect(await screen.findByText(/Done: 1 sent, 1 could not be reached/)).toBeInTheDocument();
      expect(await axeViolations(container)).toEqual([]);
    });
  });
});
