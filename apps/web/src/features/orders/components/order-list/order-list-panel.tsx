import { Stack } from '@mantine/core';

import { OrderFilterBar } from './order-filter-bar';
import { OrderList } from './order-list';
import { useOrderListParams, type OrderListSetup } from './use-order-list-params';

export type OrderListPanelProps = OrderListSetup & { label?: string };

/** The one list-page pattern: filter bar and paged list, with every choice kept in the URL. */
export function OrderListPanel({ fixedFilter, defaultDates, label }: OrderListPanelProps) {
  const { params, update } = useOrderListParams({ fixedFilter, defaultDates });
  return (
    <Stack gap="md">
      <OrderFilterBar
        params={params}
        update={update}
        withStatusFilter={!fixedFilter}
        requireDates={!!defaultDates}
      />
      <OrderList
        params={params}
        onPage={(page) => {
          update({ page });
          window.scrollTo({ top: 0 });
        }}
        label={label}
      />
    </Stack>
  );
}
