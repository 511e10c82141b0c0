import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { COMPONENT_IMAGE_MESSAGE, type Component, type ComponentUnit } from '@bloomline/contract';

import { bodyOf, callsOf, formOf, invalid, stubApi } from '@/test/api-stub';
import { aComponent } from '@/test/records';
import { renderApp, Where } from '@/test/render';

import { ComponentAddPage, ComponentEditPage } from './component-edit-page';

afterEach(() => vi.restoreAllMocks());

const stem = { id: 1, name: 'Stem', short_code: 'st' };
const units: ComponentUnit[] = [{ id: 3, quantity: 10, measure_unit_id: 1, measureUnit: stem }];
const rose: Component = aComponent({
  hasImage: true,
  imageUrl: '/api/components/7/image?v=abc',
  unit_id: 3,
  colour_id: 2,
  unit: { id: 3, name: 'Stem', quantity: 10, measureUnit: stem },
  colour: { id: 2, name: 'Red' },
});

type Reply = { status?: number; body?: unknown } | undefined;
const api = (extra?: (url: URL, method: string) => Reply) =>
  stubApi((url, init) => {
    const method = init.method ?? 'GET';
    const reply = extra?.(url, method);
    if (reply) return reply;
    if (method !== 'GET') return undefined;
    if (url.pathname === '/api/component-units') return { body: { data: units } };
    if (url.pathname === '/api/colours') return { body: { data: [{ id: 2, name: 'Red' }] } };
    if (url.pathname === '/api/measure-units') return { body: { data: [stem] } };
    if (url.pathname === '/api/components/7') return { body: { data: rose } };
    return undefined;
  });

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const fileOf = (head: number[], size: number, name: string, type: string) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name, { type });
};
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const renderAdd = () =>
  renderApp(<ComponentAddPage />, {
    history: ['/components/add'],
    path: '/components/add',
    others: { '/components': <Where /> },
  });

describe('/components/add', () => {
  it('starts shown on the menu, checks name and price before sending', async () => {
    const spy = api();
    renderAdd();
    expect(screen.getByRole('checkbox', { name: 'Show on menu' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Container' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('creates the component, then uploads the chosen picture, then goes to the list', async () => {
    const spy = api((url, method) => {
      if (method === 'POST' && url.pathname === '/api/components')
        return { status: 201, body: { data: { ...rose, id: 9, hasImage: false, imageUrl: null } } };
      if (method === 'POST' && url.pathname === '/api/components/9/image') return { body: { data: rose } };
      return undefined;
    });
    renderAdd();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Peony');
    await userEvent.type(screen.getByRole('textbox', { name: /^Wholesale price/ }), '8.5');
    await userEvent.click(screen.getByRole('textbox', { name: 'Colour' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Red' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Commission' }));
    // A PNG named .jpg is a picture: the browser checks the bytes, not the name.
    await userEvent.upload(fileInput(), fileOf(PNG, 64, 'peony.jpg', 'image/jpeg'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Chosen picture for Peony' })).toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/components');
    const writes = callsOf(spy).filter((c) => !c.startsWith('GET'));
    expect(writes).toEqual(['POST /api/components', 'POST /api/components/9/image']);
    const [post, upload] = spy.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({
      name: 'Peony',
      wholesale_excl_vat: 8.5,
      container: false,
      exclude_auto_calculations: false,
      show_on_menu: true,
      is_commission: true,
      unit_id: null,
      colour_id: '2',
    });
    expect(formOf(upload?.[1])).toEqual({ image_file: 'peony.jpg' });
  });

  it('refuses a text file named .png and a picture over 500,000 bytes in the browser', async () => {
    const spy = api();
    renderAdd();
    await userEvent.upload(fileInput(), new File(['just text'], 'flower.png', { type: 'image/png' }));
    expect(await screen.findByText(COMPONENT_IMAGE_MESSAGE)).toBeInTheDocument();
    await userEvent.upload(fileInput(), fileOf([0xff, 0xd8, 0xff], 500_000, 'ok.jpg', 'image/jpeg'));
    await waitFor(() => expect(screen.queryByText(COMPONENT_IMAGE_MESSAGE)).not.toBeInTheDocument());
    await userEvent.upload(fileInput(), fileOf([0xff, 0xd8, 0xff], 500_001, 'big.jpg', 'image/jpeg'));
    expect(await screen.findByText(COMPONENT_IMAGE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Chosen picture/ })).not.toBeInTheDocument();
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('shows the server’s 422 under the field, and after a failed upload saves the created component', async () => {
    let uploads = 0;
    const spy = api((url, method) => {
      if (method === 'POST' && url.pathname === '/api/components')
        return { status: 201, body: { data: { ...rose, id: 9 } } };
      if (method === 'PUT' && url.pathname === '/api/components/9')
        return { body: { data: { ...rose, id: 9 } } };
      if (method === 'POST' && url.pathname === '/api/components/9/image') {
        uploads += 1;
        return uploads === 1 ? invalid({ image_file: [COMPONENT_IMAGE_MESSAGE] }) : { body: { data: rose } };
      }
      return undefined;
    });
    renderAdd();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Peony');
    await userEvent.type(screen.getByRole('textbox', { name: /^Wholesale price/ }), '8');
    await userEvent.upload(fileInput(), fileOf(PNG, 64, 'a.png', 'image/png'));
    await waitFor(() => expect(screen.getByRole('img', { name: /Chosen picture/ })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(COMPONENT_IMAGE_MESSAGE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/components');
    expect(callsOf(spy).filter((c) => !c.startsWith('GET'))).toEqual([
      'POST /api/components',
      'POST /api/components/9/image',
      'PUT /api/components/9',
      'POST /api/components/9/image',
    ]);
  });

  it('adds a unit in the New unit dialog and chooses it', async () => {
    const spy = api((url, method) => {
      if (method === 'POST' && url.pathname === '/api/component-units') {
        units.push({ id: 4, quantity: 12, measure_unit_id: 1, measureUnit: stem });
        return { status: 201, body: { data: units.at(-1) } };
      }
      return undefined;
    });
    renderAdd();
    await userEvent.click(screen.getByRole('button', { name: 'New unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'New unit' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Quantity/ }), '12');
    await userEvent.click(within(dialog).getByRole('textbox', { name: /^Unit of measure/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Stem (st)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add unit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Unit' })).toHaveValue('12 Stem');
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ quantity: 12, measure_unit_id: '1' });
    units.pop();
  });
});

describe('/components/{id}', () => {
  it('edits the component, keeping its picture, and saves as JSON', async () => {
    const spy = api((url, method) =>
      method === 'PUT' ? { body: { data: { ...rose, wholesale_excl_vat: 13 } } } : undefined,
    );
    renderApp(<ComponentEditPage />, {
      history: ['/components', '/components/7'],
      path: '/components/:id',
      others: { '/components': <Where /> },
    });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Red rose');
    expect(screen.getByRole('img', { name: 'Picture of Red rose' })).toHaveAttribute('src', rose.imageUrl);
    expect(screen.getByRole('checkbox', { name: 'Commission' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/audit?pT=component&pI=7');
    const price = screen.getByRole('textbox', { name: /^Wholesale price/ });
    await userEvent.clear(price);
    await userEvent.type(price, '13');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/components');
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toMatchObject({ wholesale_excl_vat: 13, unit_id: '3', colour_id: '2' });
    expect(callsOf(spy).some((c) => c.includes('/image'))).toBe(false);
  });

  it('removes the picture after confirming', async () => {
    const spy = api((url, method) => (method === 'DELETE' ? { status: 204 } : undefined));
    renderApp(<ComponentEditPage />, { history: ['/components/7'], path: '/components/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove picture' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsOf(spy)).toContain('DELETE /api/components/7/image'));
  });

  it('says so for a component that does not exist', async () => {
    api();
    renderApp(<ComponentEditPage />, { history: ['/components/99'], path: '/components/:id' });
    expect(await screen.findByText(/does not exist/)).toBeInTheDocument();
  });
});

describe('money as people type it, bounds before saving, one confirmation (issue 19)', () => {
  const posts = (spy: ReturnType<typeof api>) => callsOf(spy).filter((c) => c.startsWith('POST'));
  const priceBox = () => screen.getByRole('textbox', { name: /^Wholesale price/ });
  const renderAddWithToasts = () =>
    renderApp(<ComponentAddPage />, {
      history: ['/components/add'],
      path: '/components/add',
      others: {
        '/components': (
          <>
            <Where />
            <Notifications />
          </>
        ),
      },
    });

  it('refuses 12,50,1 under the field, keeps it as typed, and sends nothing', async () => {
    const spy = api();
    renderAdd();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Peony');
    await userEvent.type(priceBox(), '12,50,1');
    await userEvent.tab();
    expect(
      await screen.findByText('Wholesale price must be an amount such as 1 234,50.'),
    ).toBeInTheDocument();
    expect(priceBox()).toHaveValue('12,50,1');
    expect(priceBox()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(posts(spy)).toEqual([]);
  });

  it('reads 12,50 as R 12,50, sends 12.5 and says it saved', async () => {
    const spy = api((url, method) =>
      method === 'POST' && url.pathname === '/api/components'
        ? { status: 201, body: { data: { ...rose, id: 9, wholesale_excl_vat: 12.5 } } }
        : undefined,
    );
    // Earlier saves in this file left their toasts in Mantine's store.
    notifications.clean();
    renderAddWithToasts();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Peony');
    await userEvent.type(priceBox(), '12,50');
    await userEvent.tab();
    expect(priceBox()).toHaveValue('R 12,50');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/components');
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toMatchObject({ name: 'Peony', wholesale_excl_vat: 12.5 });
    expect(await screen.findAllByText('Saved.')).toHaveLength(1);
  });

  it('refuses a negative price as the bulk edit does, without turning it into 0', async () => {
    const spy = api();
    renderAdd();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Peony');
    await userEvent.type(priceBox(), '-5');
    await userEvent.tab();
    expect(await screen.findByText('Wholesale price cannot be negative.')).toBeInTheDocument();
    expect(priceBox()).toHaveValue('-R 5,00');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(posts(spy)).toEqual([]);
  });

  it('refuses a 300-character name with the limit under it, never cutting it', async () => {
    const spy = api();
    renderAdd();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.click(name);
    await userEvent.paste('a'.repeat(300));
    await userEvent.tab();
    expect(await screen.findByText('Name can have at most 255 characters.')).toBeInTheDocument();
    expect(name).toHaveValue('a'.repeat(300));
    await userEvent.type(priceBox(), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(posts(spy)).toEqual([]);
  });
});
