import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import * as k from './query-keys';
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

// Every key keeps the value it had before they were gathered here (issue 37): invalidations match by prefix.
describe('the keys of every area', () => {
  it.each([
    [k.orderKeys.all, ['orders']],
    [k.orderKeys.list({ page: 2 }), ['orders', 'list', { page: 2 }]],
    [k.orderKeys.detail(7), ['orders', 'detail', 7]],
    [k.orderKeys.history(7), ['orders', 'detail', 7, 'history']],
    [k.orderKeys.onpay(7), ['orders', 'detail', 7, 'onpay']],
    [k.orderKeys.dashboard(), ['orders', 'dashboard']],
    [k.orderKeys.candidates(3, true, 'ro'), ['orders', 'candidates', 3, { all: true, q: 'ro' }]],
    [
      k.orderKeys.groupCandidates([1, 2], false, ''),
      ['orders', 'group-candidates', { ids: '1,2', all: false, q: '' }],
    ],
    [k.orderKeys.rejectReasons(), ['orders', 'reject-reasons']],
    [k.orderKeys.alertWatch(9), ['orders', 'alert-watch', 9]],
    [k.orderLineStatusesKey(), ['order-line-statuses']],
    [k.savedViewKeys.list({ list: 'orders' }), ['saved-views', 'list', { list: 'orders' }]],
    [k.partnerKeys.list({ picker: true, q: 'a' }), ['partners', 'list', { picker: true, q: 'a' }]],
    [k.partnerKeys.products(4), ['partners', 'detail', 4, 'products']],
    [k.partnerKeys.wholesale(4), ['partners', 'wholesale', 4]],
    [k.partnerKeys.wholesalePage(4, 2), ['partners', 'wholesale', 4, 2]],
    [k.productKeys.partners(5), ['products', 'detail', 5, 'partners']],
    [k.componentKeys.picker('rose'), ['components', 'list', 'picker', { q: 'rose' }]],
    [k.componentUnitKeys.list({}), ['component-units', 'list', {}]],
    [k.componentRateKeys.list({ componentId: 2 }), ['component-rates', 'list', { componentId: 2 }]],
    [k.measureUnitKeys.list({}), ['measure-units', 'list', {}]],
    [k.colourKeys.detail(1), ['colours', 'detail', 1]],
    [k.profitCentreKeys.list({}), ['profit-centres', 'list', {}]],
    [k.customerKeys.all, ['customers']],
    [k.companyKeys.all, ['companies']],
    [k.locationKeys.all, ['locations']],
    [k.xeroContactKeys.lists(), ['xero-contacts', 'list']],
    [k.xeroConnectionKeys.all, ['xero-connection']],
    [k.placeKeys('cities', 3), ['places', 'cities', 3]],
    [k.userKeys.detail(2), ['users', 'detail', 2]],
    [k.userKeys.picker('an'), ['users', 'list', { q: 'an', picker: true }]],
    [k.roleKeys.lists(), ['roles', 'list']],
    [k.mailKeys.all, ['mails']],
    [k.auditKeys.all, ['audit']],
    [k.apiKeyKeys.list({}), ['api-keys', 'list', {}]],
    [k.offlineTimeKeys.detail('7/3'), ['offline-times', 'detail', '7/3']],
    [k.returnKeys.all, ['returns']],
    [k.refundKeys.all, ['refunds']],
    [k.payoutKeys.all, ['payouts']],
    [k.payoutKeys.due('2026-05-31'), ['payouts', 'due', '2026-05-31']],
    [k.statementKeys.all, ['statements']],
    [k.statementKeys.months({ partnerId: null }), ['statements', 'months', { partnerId: null }]],
    [
      k.statementKeys.orders({ partnerId: 4, month: '2026-05' }),
      ['statements', 'orders', { partnerId: 4, month: '2026-05' }],
    ],
    [k.statementKeys.monthEnd(), ['statements', 'month-end']],
    [
      k.reportingKeys.report('partnerSales', { startDate: '2026-01-01' }),
      ['reporting', 'partnerSales', { startDate: '2026-01-01' }],
    ],
    [k.reportingKeys.accounting({}), ['reporting', 'accounting-csv', {}]],
    [k.settingsKeys.vat(), ['settings', 'vat']],
    [k.settingsKeys.statements(), ['settings', 'statements']],
    [k.alertPreferenceKeys.detail('mine'), ['alert-preferences', 'detail', 'mine']],
    [k.searchKey('rose'), ['search', 'rose']],
    [k.appConfigKey(), ['app-config']],
  ])('%j', (key, value) => {
    expect(key).toEqual(value);
  });
});
