import { afterEach, describe, expect, it, vi } from 'vitest';

import { formOf, stubApi } from '@/test/api-stub';

import { api, toFormData } from './client';

afterEach(() => vi.restoreAllMocks());

describe('toFormData', () => {
  it('writes values as Laravel reads them: booleans 1/0, null blank, lists as key[]', () => {
    const form = toFormData({ on: true, off: false, gone: null, skip: undefined, n: 1.5, tags: ['a', 'b'] });
    expect([...form.entries()]).toEqual([
      ['on', '1'],
      ['off', '0'],
      ['gone', ''],
      ['n', '1.5'],
      ['tags[]', 'a'],
      ['tags[]', 'b'],
    ]);
  });
});

describe('api.form', () => {
  it('posts multipart, and spoofs another method with _method', async () => {
    const spy = stubApi(() => ({ body: { data: { id: 3 } } }));
    await api.form('/api/locations', { name: 'Sea Point' });
    await api.form('/api/locations/3', { name: 'Sea Point', enabled: true }, { method: 'PUT' });

    const create = spy.mock.calls[0]?.[1];
    const update = spy.mock.calls[1]?.[1];
    expect(create?.method).toBe('POST');
    expect(create?.body).toBeInstanceOf(FormData);
    expect(formOf(create)).toEqual({ name: 'Sea Point' });
    expect(update?.method).toBe('POST');
    expect(formOf(update)).toEqual({ name: 'Sea Point', enabled: '1', _method: 'PUT' });
    // The browser sets the multipart boundary itself.
    expect(new Headers(update?.headers).get('Content-Type')).toBeNull();
  });
});
