import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { invalidateResources, resourceKeys } from './query-keys';

const keys = resourceKeys<{ q?: string }>('widgets');

describe('resourceKeys', () => {
  it('nests lists and records under the resource', () => {
    expect(keys.all).toEqual(['widgets']);
    expect(keys.list({ q: 'a' })).toEqual(['widgets', 'list', { q: 'a' }]);
    expect(keys.detail(4)).toEqual(['widgets', 'detail', 4]);
  });
});

describe('invalidateResources', () => {
  const seeded = () => {
    const client = new QueryClient();
    client.setQueryData(keys.list({ q: 'a' }), []);
    client.setQueryData(keys.detail(4), {});
    client.setQueryData(keys.detail(5), {});
    client.setQueryData(['other', 'list'], []);
    return client;
  };
  const stale = (client: QueryClient) =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey);

  it('marks every list and the one record a change touched', async () => {
    const client = seeded();
    await invalidateResources(client, [{ keys, id: 4 }]);
    expect(stale(client)).toEqual([keys.list({ q: 'a' }), keys.detail(4)]);
  });

  it('only marks, refetching nothing, when told so', async () => {
    const client = new QueryClient();
    let fetches = 0;
    const queryFn = async () => {
      fetches += 1;
      return [];
    };
    await client.prefetchQuery({ queryKey: keys.list({ q: 'a' }), queryFn });
    await client.prefetchQuery({ queryKey: keys.detail(4), queryFn });
    await invalidateResources(client, [{ keys, id: 4 }], { refetchType: 'all' });
    expect(fetches).toBe(4);
    await invalidateResources(client, [{ keys, id: 4 }], { refetchType: 'none' });
    expect(fetches).toBe(4);
    expect(stale(client)).toEqual([keys.list({ q: 'a' }), keys.detail(4)]);
  });

  it('marks every record when no id is given', async () => {
    const client = seeded();
    await invalidateResources(client, [keys]);
    expect(stale(client)).toHaveLength(3);
  });
});
