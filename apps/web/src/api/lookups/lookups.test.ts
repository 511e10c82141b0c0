import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import {
  componentRateKeys,
  invalidateResources,
  partnerKeys,
  profitCentreKeys,
  resourceKeys,
} from '@/lib/query-keys';

import { LOOKUP_CACHE } from './cache-policy';
import { componentLookupQuery } from './components';
import { partnerLookupQuery } from './partners';
import { profitCentresQuery } from './profit-centres';

describe('the shared lookups', () => {
  it.each([
    ['partners', partnerLookupQuery('pet'), partnerKeys],
    ['profit centres', profitCentresQuery(), profitCentreKeys],
    ['components', componentLookupQuery('rose'), resourceKeys('components')],
  ] as const)(
    '%s: kept for the one lookup lifetime, but a change invalidates them',
    async (_, options, keys) => {
      const client = new QueryClient();
      client.setQueryData(options.queryKey, []);
      expect(options.staleTime).toBe(LOOKUP_CACHE.staleTime);
      expect(LOOKUP_CACHE.staleTime).toBe(60_000);

      await invalidateResources(client, [componentRateKeys]);
      expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(false);
      await invalidateResources(client, [{ keys, id: 7 }]);
      expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
    },
  );
});
