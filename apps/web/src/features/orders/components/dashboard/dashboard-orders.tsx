import { Stack, Title } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';

import { OrderListPanel } from '../order-list/order-list-panel';
import { CountCards } from './count-cards';

/**
 * The parts of the dashboard's orders, mounted one commit after another: the count cards, then the filter bar,
 * then the list (each part starts its own reads). In one commit they were the first visit's longest task after
 * its first paint (about 20 ms of a desktop processor: the filter bar's pickers render twice in their commit, and
 * the reads start before that). Each step is a transition of its own, after the previous one's commit; the list
 * starts below the fold of a phone.
 */
const PARTS = 3;
function useParts(): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown < PARTS) startTransition(() => setShown((n) => n + 1));
  }, [shown]);
  return shown;
}

/** What the dashboard shows of the orders: the count cards, then every order with the filter bar. */
export function DashboardOrders() {
  const shown = useParts();
  return (
    // As tall as a screen until the list is there, as the spinner before it was: the footer below stays put.
    <Stack gap="lg" mih={shown < PARTS ? '100vh' : undefined}>
      <CountCards />
      <section aria-labelledby="dashboard-orders">
        <Title order={2} size="h3" id="dashboard-orders" mb="sm">
          Orders
        </Title>
        {shown >= 2 && <OrderListPanel label="All orders" withList={shown >= 3} />}
      </section>
    </Stack>
  );
}
