import { afterEach, describe, expect, it, vi } from 'vitest';

import { colourRoutes } from '@bloomline/contract';
import type { authRoutes } from '@bloomline/contract';

import { formOf, stubApi, urlOf } from '@/test/api-stub';

import { call, pathOf, refOf } from './call';

afterEach(() => vi.restoreAllMocks());

describe('call: a route of the contract table', () => {
  it('writes the path from the declaration and its parameters, and sends the method and body', async () => {
    const spy = stubApi(() => ({ body: { data: { id: 7, name: 'Clear' } } }));
    const one = await call(colourRoutes.get, { params: { id: 7 } });
    expect(one.data).toEqual({ id: 7, name: 'Clear' });
    await call(colourRoutes.update, { params: { id: 7 }, body: { name: 'Clear' } });
    await call(colourRoutes.update, { params: { id: 7 }, body: { name: 'Clear' } }, { form: true });

    const [get, put, form] = spy.mock.calls;
    expect([get && urlOf(get[0]), get?.[1]?.method]).toEqual(['/api/colours/7', 'GET']);
    expect([put && urlOf(put[0]), put?.[1]?.method, put?.[1]?.body]).toEqual([
      '/api/colours/7',
      'PUT',
      JSON.stringify({ name: 'Clear' }),
    ]);
    // The original client's form: by POST, the declared method as `_method`.
    expect([form && urlOf(form[0]), form?.[1]?.method]).toEqual(['/api/colours/7', 'POST']);
    expect(formOf(form?.[1])).toEqual({ name: 'Clear', _method: 'PUT' });
  });

  it('refuses at compile time what the declaration does not have', () => {
    // Never run: each line must fail to compile (`npm run typecheck`), or the directive itself is an error.
    const never = () => {
      // @ts-expect-error: the parameter is `id`
      void call(colourRoutes.get, { params: { idx: 1 } });
      // @ts-expect-error: the path needs its parameter
      void call(colourRoutes.get, {});
      // @ts-expect-error: the body's field is `name`
      void call(colourRoutes.create, { body: { nom: 'Clear' } });
      // @ts-expect-error: the answer's name is text
      const typed: Promise<{ data: { name: number } }> = call(colourRoutes.get, { params: { id: 1 } });
      void typed;
      // @ts-expect-error: a reference's path is the declaration's (`/api/me`)
      refOf<typeof authRoutes.me>({ method: 'GET', path: '/api/my' });
      // @ts-expect-error: … and so is its method
      refOf<typeof authRoutes.logout>({ method: 'GET', path: '/api/logout' });
      const login = refOf<typeof authRoutes.login>({ method: 'POST', path: '/api/login' });
      // @ts-expect-error: a reference's body is typed by the declaration (the login's is e-mail and password)
      void call(login, { body: { user: 'x' } });
      // @ts-expect-error: a link's path needs its parameter
      pathOf(colourRoutes.get);
    };
    expect(typeof never).toBe('function');
  });

  it('calls a reference as it calls the declaration, and writes a link from one', async () => {
    const spy = stubApi(() => ({ body: { data: { id: 7, name: 'Clear' } } }));
    const me = refOf<typeof authRoutes.me>({ method: 'GET', path: '/api/me' });
    await call(me, {});
    const [get] = spy.mock.calls;
    expect([get && urlOf(get[0]), get?.[1]?.method]).toEqual(['/api/me', 'GET']);
    expect(pathOf(colourRoutes.get, { id: 12 })).toBe('/api/colours/12');
  });
});
