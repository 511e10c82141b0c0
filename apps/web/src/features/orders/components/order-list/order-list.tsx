import { Box, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDeferredValue } from 'react';

import { useUser } from '@/session/session-context';
import { Pager } from '@/ui';
import type { OrderListParams } from '@/lib/query-keys';

import { useOrders } from '../../api/get-orders';
import { QueryError } from '../query-error';
import { OrderListSkeleton } from './order-list-skeleton';
import { OrderRow, type RowSelect, VALUE_LABEL } from './order-row';
import classes from './order-rows.module.css';

export const EMPTY_ORDERS_TEXT = 'No orders to display';

export type OrderListProps = {
  params: OrderListParams;
  onPage: (page: number) => void;
  /** Names the list for screen readers. */
  label?: string;
  /** Ticks on each row (bulk actions: components/bulk). */
  select?: RowSelect;
};

/** One page of orders: skeleton while loading, Retry on failure, 'No orders to display' when empty. */
export function OrderList({ params, onPage, label = 'Orders', select }: OrderListProps) {
  const user = useUser();
  const orders = useOrders(params);
  // A page of orders is a long render (about 30 ms of a desktop processor for its cards, four times that on a
  // mid-range phone), and React Query's store renders an answer at once, in one piece. So the page is drawn
  // from a deferred copy, in a render React slices and interrupts; until then the list shows what it showed
  // (the skeleton, or the page before). The copy is the query's own data (the same object until an answer
  // changes it), so the deferred render happens once per answer.
  const data = useDeferredValue(orders.data);

  if (orders.isPending) return <OrderListSkeleton />;
  if (!data) {
    if (!orders.isError) return <OrderListSkeleton />;
    return <QueryError query={orders} title="Could not load the orders" />;
  }
  const { data: rows, meta } = data;

  return (
    <Stack gap="sm">
      {orders.isError && <QueryError query={orders} title="Could not refresh the orders" />}
      {rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text>{EMPTY_ORDERS_TEXT}</Text>
        </Paper>
      ) : (
        <Box pos="relative" aria-busy={orders.isPlaceholderData || undefined}>
          <div className={`${classes.grid} ${classes.header}`} aria-hidden>
            <span className={classes.order}>Order</span>
            <span className={classes.created}>Created</span>
            <span className={classes.delivery}>Delivery</span>
            <span className={classes.value}>{VALUE_LABEL}</span>
            <span className={classes.status}>Status</span>
            <span className={classes.actions} />
          </div>
          <ul
            className={classes.list}
            aria-label={label}
            style={{ opacity: orders.isPlaceholderData ? 0.6 : 1 }}
          >
            {rows.map((order) => (
              <OrderRow key={order.id} order={order} isStaff={user.isStaff} select={select} />
            ))}
          </ul>
          {orders.isPlaceholderData && (
            <Loader size="sm" pos="absolute" top={8} right={8} aria-label="Loading orders" role="status" />
          )}
        </Box>
      )}
      <Pager meta={meta} onPage={onPage} />
    </Stack>
  );
}
