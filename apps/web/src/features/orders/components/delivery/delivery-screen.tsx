import { Stack, Tabs } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { todayInJohannesburg, type OrderFilter } from '@bloomline/contract';

import { SelectableOrderList } from '../bulk/selectable-order-list';
import { OrderListTools } from '../list-tools/order-list-tools';
import { OrderFilterBar } from '../order-list/order-filter-bar';
import { useOrderListParams } from '../order-list/use-order-list-params';

/** The five tabs of the delivery screen and the filter each one lists. */
export const DELIVERY_TABS = [
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'open', label: 'Unaccepted' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'fulfilled', label: 'Fulfilled' },
  { value: 'delivered', label: 'Delivered' },
] as const satisfies readonly { value: OrderFilter; label: string }[];

type TabValue = (typeof DELIVERY_TABS)[number]['value'];
const DEFAULT_TAB: TabValue = 'unassigned';
const isTab = (v: string | null): v is TabValue => DELIVERY_TABS.some((t) => t.value === v);

/** Staff's 'For delivery today': dates (today unless chosen), partner, search, and one paged list per tab. */
export function DeliveryScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = isTab(requested) ? requested : DEFAULT_TAB;
  const today = todayInJohannesburg();
  const defaultDates = useMemo(() => ({ sd: today, ed: today }), [today]);
  const { params, update } = useOrderListParams({ fixedFilter: tab, defaultDates });

  const selectTab = (value: string | null) => {
    if (!isTab(value) || value === tab) return;
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('tab', value);
      next.delete('page');
      return next;
    });
  };

  return (
    <Stack gap="md">
      <OrderListTools params={params} />
      <OrderFilterBar params={params} update={update} requireDates />
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {DELIVERY_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {DELIVERY_TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            <SelectableOrderList
              params={params}
              onPage={(page) => {
                update({ page });
                window.scrollTo({ top: 0 });
              }}
              label={`${t.label} orders`}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
