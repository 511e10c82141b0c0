import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { MailListItem } from '@bloomline/contract';

import { axeViolations } from '@/test/axe';
import { callsOf, pageOf, stubApi } from '@/test/api-stub';
import { onPhone } from '@/test/phone';
import { renderApp } from '@/test/render';

import { MailsPage } from './mails-page';

afterEach(() => vi.restoreAllMocks());

const failed: MailListItem = {
  id: 41,
  kind: 'statement',
  kindLabel: 'Month-end statement',
  to: 'karoo@example.com',
  subject: 'Your Bloomline statement for October 2026',
  status: 'failed',
  attempts: 6,
  error: '550 5.1.1 mailbox unavailable',
  createdAt: '2026-11-01T04:00:05Z',
  lastTriedAt: '2026-11-01T06:07:00Z',
  sentAt: null,
};

const open = () =>
  renderApp(
    <>
      <Notifications />
      <MailsPage />
    </>,
    { history: ['/system/mails'] },
  );

describe('/system/mails', () => {
  it('lists the e-mails that failed on every try with why, and sends one again after asking', async () => {
    let sentAgain = false;
    const spy = stubApi((url, init) => {
      if (url.pathname === '/api/mails/41/send-again' && init.method === 'POST') {
        sentAgain = true;
        return { body: { data: { ...failed, status: 'queued', attempts: 0 } } };
      }
      if (url.pathname === '/api/mails')
        return { body: pageOf(sentAgain ? [] : [failed], { path: '/api/mails' }) };
      return undefined;
    });
    const { container } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mails not sent' })).toBeInTheDocument();
    const row = (await screen.findByText('karoo@example.com')).closest('tr')!;
    expect(row).toHaveTextContent('Month-end statement');
    expect(row).toHaveTextContent('550 5.1.1 mailbox unavailable');
    expect(row).toHaveTextContent('6');
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.click(
      within(row).getByRole('button', {
        name: 'Send again: Your Bloomline statement for October 2026 to karoo@example.com',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Send “Your Bloomline statement for October 2026” to karoo@example.com again?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Queued: it goes out in a moment.')).toBeInTheDocument();
    expect(callsOf(spy)).toContain('POST /api/mails/41/send-again');
    expect(
      await screen.findByText('Every e-mail went out: none is waiting to be sent again.'),
    ).toBeInTheDocument();
  });

  it('shows a refusal in the dialog (another member of staff sent it first)', async () => {
    stubApi((url, init) => {
      if (init.method === 'POST')
        return {
          status: 409,
          body: { message: 'This e-mail is not failed: it was sent, or is already being sent.' },
        };
      if (url.pathname === '/api/mails') return { body: pageOf([failed], { path: '/api/mails' }) };
      return undefined;
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: /^Send again: / }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(dialog).toHaveTextContent('This e-mail is not failed: it was sent, or is already being sent.'),
    );
  });

  describe('on a phone', () => {
    onPhone();
    it('shows each e-mail as a card, without axe violations', async () => {
      stubApi((url) =>
        url.pathname === '/api/mails' ? { body: pageOf([failed], { path: '/api/mails' }) } : undefined,
      );
      const { container } = open();
      expect(await screen.findByText('550 5.1.1 mailbox unavailable')).toBeInTheDocument();
      expect(await axeViolations(container)).toEqual([]);
    });
  });
});
