import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { axeViolations } from '@/test/axe';
import { bodyOf, callsOf, invalid, stubApi } from '@/test/api-stub';
import { renderApp } from '@/test/render';

import { SettingsPage } from './settings-page';

afterEach(() => vi.restoreAllMocks());

/** The settings as the server keeps them; `writes` may answer a PUT (or the VAT's dry run) first. */
function api(state = { vat: 0.15, statements: true }, writes?: (url: URL, body: unknown) => unknown) {
  return stubApi((url, init) => {
    const preview = url.pathname === '/api/settings/vat/preview';
    if (init.method === 'PUT' || preview) {
      const reply = writes?.(url, bodyOf(init));
      if (reply) return reply;
    }
    if (preview) {
      const vat = Number(url.searchParams.get('vat'));
      const moved = vat === state.vat ? 0 : 1;
      return {
        body: { data: { vat, current: state.vat, repriced: { rates: 12 * moved, variants: 4 * moved } } },
      };
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

  // Issue 46: saving a new rate asks first, naming what it reprices and that orders keep their VAT.
  it('asks before saving a new VAT rate, then saves it as a fraction and says what it repriced', async () => {
    const spy = api();
    open();
    const vat = await screen.findByRole('textbox', { name: /^VAT rate/ });
    await userEvent.clear(vat);
    await userEvent.type(vat, '16');
    await userEvent.click(screen.getByRole('button', { name: 'Save VAT rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the VAT rate?' });
    expect(dialog).toHaveTextContent(
      'Changing VAT to 16% reprices 12 catalogue rates and 4 product variants. Orders keep the VAT they were assigned with.',
    );
    expect(callsOf(spy).filter((c) => c.startsWith('PUT'))).toEqual([]);
    expect(await axeViolations(dialog)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change VAT' }));
    expect(
      await screen.findByText('Saved. 12 component rates and 4 product variants repriced.'),
    ).toBeInTheDocument();
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({ vat: 0.16 });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^VAT rate/ })).toHaveValue('16 %'));
  });

  it('saves nothing when the question is answered Cancel, and keeps the rate typed', async () => {
    const spy = api();
    open();
    const vat = await screen.findByRole('textbox', { name: /^VAT rate/ });
    await userEvent.clear(vat);
    await userEvent.type(vat, '16');
    await userEvent.click(screen.getByRole('button', { name: 'Save VAT rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the VAT rate?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(spy).filter((c) => c.startsWith('PUT'))).toEqual([]);
    expect(vat).toHaveValue('16 %');
    expect(screen.getByRole('button', { name: 'Save VAT rate' })).toBeEnabled();
  });

  it('refuses a rate that is not a percentage under the field, sending nothing, and shows a 422 there too', async () => {
    // The dry run asked before saving refuses as the save would.
    const spy = api(undefined, (url) =>
      url.pathname === '/api/settings/vat/preview'
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
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsOf(spy).filter((c) => c.startsWith('PUT'))).toEqual([]);
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
