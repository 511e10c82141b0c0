import { Stack, Title } from '@mantine/core';

import { OrderListPanel } from '../order-list/order-list-panel';
import { CountCards } from './count-cards';

/** What the dashboard shows of the orders: the count cards, then every order with the filter bar. */
export function DashboardOrders() {
  return (
    <Stack gap="lg">
      <CountCards />
      <section aria-labelledby="dashboard-orders">
        <Title order={2} size="h3" id="dashboard-orders" mb="sm">
          Orders
        </Title>
        <OrderListPanel label="All orders" />
      </section>
    </Stack>
  );
}
