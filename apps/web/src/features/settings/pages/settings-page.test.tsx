import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { axeViolations } from '@/test/axe';
import { bodyOf, callsOf, invalid, stubApi } from '@/test/api-stub';
import { renderApp } from '@/test/render';

import { SettingsPage } from './settings-page';

afterEach(() => vi.restoreAllMocks());

/** The settings as the server keeps them; `writes` may answer a PUT first. */
function api(state = { vat: 0.15, statements: true }, writes?: (url: URL, body: unknown) => unknown) {
  return stubApi((url, init) => {
    if (init.method === 'PUT') {
      const reply = writes?.(url, bodyOf(init));
      if (reply) return reply;
    }
    if (url.pathname === '/api/settings/vat') {
      if (init.method === 'PUT') {
        state.vat = (bodyOf(init) as { vat: number }).vat;
        return { body: { data: { vat: state.vat }, repriced: { rates: 12, variants: 4 } } };
      }
      return { body: { data: { vat: state.vat } } };
    }
    if (url.pathname === '/api/settings/statements') {
      if (init.method === 'PUT') state.statements = (bodyOf(init) as { statements: boolean }).statements;
      return { body: { data: { statements: state.statements } } };
    }
    return undefined;
  });
}

const open = () =>
  renderApp(
    <>
      <Notifications />
      <SettingsPage />
    </>,
    { history: ['/system/settings'] },
  );

// Issue 36, point 2: VAT and the statements view could be changed only through the API.
describe('/system/settings', () => {
  it('shows the VAT rate and the statements view, each with what it changes', async () => {
    api();
    const { container } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^VAT rate/ })).toHaveValue('15 %');
    expect(screen.getByText(/reprices every component rate and every product variant/)).toBeInTheDocument();
    const view = await screen.findByRole('switch', { name: /Full monthly statements for partners/ });
    expect(view).toBeChecked();
    expect(screen.getByText(/Off: they see a simple table of months/)).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('saves a new VAT rate as a fraction and says what it repriced', async () => {
    const spy = api();
    open();
    const vat = await screen.findByRole('textbox', { name: /^VAT rate/ });
    await userEvent.clear(vat);
    await userEvent.type(vat, '16');
    await userEvent.click(screen.getByRole('button', { name: 'Save VAT rate' }));
    expect(
      await screen.findByText('Saved. 12 component rates and 4 product variants repriced.'),
    ).toBeInTheDocument();
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({ vat: 0.16 });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^VAT rate/ })).toHaveValue('16 %'));
  });

  it('refuses a rate that is not a percentage under the field, sending nothing, and shows a 422 there too', async () => {
    const spy = api(undefined, (url) =>
      url.pathname === '/api/settings/vat'
        ? invalid({ vat: ['The vat may not be greater than 100.'] })
        : undefined,
    );
    open();
    const vat = await screen.findByRole('textbox', { name: /^VAT rate/ });
    await userEvent.clear(vat);
    await userEvent.type(vat, '12,50,1');
    await userEvent.click(screen.getByRole('button', { name: 'Save VAT rate' }));
    expect(await screen.findByText(/must be a percentage/)).toBeInTheDocument();
    expect(callsOf(spy).filter((c) => c.startsWith('PUT'))).toEqual([]);
    await userEvent.clear(vat);
    await userEvent.type(vat, '15,5');
    await userEvent.click(screen.getByRole('button', { name: 'Save VAT rate' }));
    expect(await screen.findByText('The vat may not be greater than 100.')).toBeInTheDocument();
  });

  it('switches the statements view at once and says Saved.', async () => {
    const spy = api();
    open();
    const view = await screen.findByRole('switch', { name: /Full monthly statements for partners/ });
    await userEvent.click(view);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({ statements: false });
    await waitFor(() => expect(view).not.toBeChecked());
  });
});
