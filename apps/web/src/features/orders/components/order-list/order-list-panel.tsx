import { Stack } from '@mantine/core';

import { OrderFilterBar } from './order-filter-bar';
import { OrderList } from './order-list';
import { useOrderListParams, type OrderListSetup } from './use-order-list-params';

export type OrderListPanelProps = OrderListSetup & {
  label?: string;
  /** False while the screen mounts the filter bar first (the dashboard: dashboard-orders.tsx). */
  withList?: boolean;
};

/** The one list-page pattern: filter bar and paged list, with every choice kept in the URL. */
export function OrderListPanel({ fixedFilter, defaultDates, label, withList = true }: OrderListPanelProps) {
  const { params, update } = useOrderListParams({ fixedFilter, defaultDates });
  return (
    <Stack gap="md">
      <OrderFilterBar params={params} update={update} requireDates={!!defaultDates} />
      {withList && (
        <OrderList
          params={params}
          onPage={(page) => {
            update({ page });
            window.scrollTo({ top: 0 });
          }}
          label={label}
        />
      )}
    </Stack>
  );
}
