import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';

import { isApiError } from '@/api/client';
import { PageTitle } from '@/ui';
import { paths } from '@/lib/paths';

import { useOrder } from '../api/get-order';
import { OrderDetailSkeleton } from '../components/order-detail/order-detail-skeleton';
import { OrderDetailView } from '../components/order-detail/order-detail-view';
import { QueryError } from '../components/query-error';

export const NOT_FOUND_TITLE = 'Order not found';

function OrderNotFound() {
  return (
    <>
      <PageTitle title={NOT_FOUND_TITLE} />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Text>This order does not exist, or it is not one of yours.</Text>
          <Anchor component={Link} to={paths.dashboard}>
            Back to the dashboard
          </Anchor>
        </Stack>
      </Paper>
    </>
  );
}

function OrderDetailLoader({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  if (isApiError(order.error) && order.error.status === 404) return <OrderNotFound />;
  if (order.data) return <OrderDetailView order={order.data} />;
  if (order.isError) {
    return (
      <>
        <PageTitle title="Order" />
        <QueryError query={order} title="Could not load the order" />
      </>
    );
  }
  return <OrderDetailSkeleton />;
}

/** /order/:id */
export function OrderDetailPage() {
  const { id } = useParams();
  const orderId = Number(id);
  if (!/^\d+$/.test(id ?? '') || orderId <= 0) return <OrderNotFound />;
  return <OrderDetailLoader key={orderId} orderId={orderId} />;
}
