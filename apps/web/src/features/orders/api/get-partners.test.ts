import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { invalidateResources, partnerKeys } from '@/lib/query-keys';

import { partnersQueryOptions } from './get-partners';

describe('the partner picker', () => {
  it('keeps its copy for five minutes, but a partner change invalidates it', async () => {
    const client = new QueryClient();
    const options = partnersQueryOptions('pet');
    client.setQueryData(options.queryKey, []);
    expect(options.staleTime).toBe(5 * 60_000);

    await invalidateResources(client, [{ keys: partnerKeys, id: 7 }]);
    expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
  });
});
