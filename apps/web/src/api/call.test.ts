import { afterEach, describe, expect, it, vi } from 'vitest';

import { colourRoutes } from '@bloomline/contract';

import { formOf, stubApi, urlOf } from '@/test/api-stub';

import { call } from './call';

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
    };
    expect(typeof never).toBe('function');
  });
});
