import { Stack } from '@mantine/core';

import { SelectableOrderList } from '../bulk/selectable-order-list';
import { OrderListTools } from '../list-tools/order-list-tools';
import { OrderFilterBar } from './order-filter-bar';
import { useOrderListParams, type OrderListSetup } from './use-order-list-params';

export type OrderListPanelProps = OrderListSetup & {
  label?: string;
  /** False while the screen mounts the filter bar first (the dashboard: dashboard-orders.tsx). */
  withList?: boolean;
};

/**
 * The one list-page pattern: saved views and export, filter bar, and the paged list whose orders can be acted on
 * at once, with every choice kept in the URL.
 */
export function OrderListPanel({ fixedFilter, defaultDates, label, withList = true }: OrderListPanelProps) {
  const { params, update } = useOrderListParams({ fixedFilter, defaultDates });
  return (
    <Stack gap="md">
      <OrderListTools params={params} />
      <OrderFilterBar params={params} update={update} requireDates={!!defaultDates} />
      {withList && (
        <SelectableOrderList
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
