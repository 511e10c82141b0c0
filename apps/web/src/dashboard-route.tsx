import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';

import { usePainted } from '@/lib/after-first-screen';
import { paths } from '@/lib/paths';

// Features never import each other: the dashboard frame gets the orders part from here. The frame (small)
// shows first, the orders part (the larger code) follows into it: the partner's first visit paints sooner.
// Its code (some forty files on a first visit) is asked for once the frame has been shown, so that it does not
// compete with the frame for the phone's network and processor.
// Asked for in steps, each in a task of its own and outside the render that wants it: the status dialog, the
// filter bar (date picker, selects), the list, then the rest. For each file the build's loader adds a link to
// the page, and the browser runs each step's code as it arrives: some forty files in one step were two long
// tasks.
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));
const DashboardOrders = lazy(async () => {
  const steps = [
    () => import('@/features/orders/components/order-list/status-filter-dialog'),
    () => import('@/features/orders/components/order-list/order-filter-bar'),
    () => import('@/features/orders/components/order-list/order-list'),
  ];
  const started: Promise<unknown>[] = [];
  for (const step of steps) {
    await nextTask();
    started.push(step());
  }
  await nextTask();
  const part = import('@/features/orders/components/dashboard/dashboard-orders');
  await Promise.all(started);
  return { default: (await part).DashboardOrders };
});

/** As tall as a screen, so what follows on the page does not jump when the orders arrive. */
function OrdersLoading() {
  return (
    <Center mih="100vh" style={{ alignItems: 'flex-start' }}>
      <Loader role="status" aria-label="Loading orders" />
    </Center>
  );
}

function Orders() {
  const painted = usePainted();
  return (
    <Suspense fallback={<OrdersLoading />}>{painted ? <DashboardOrders /> : <OrdersLoading />}</Suspense>
  );
}

export const dashboardRoute: RouteObject = {
  path: paths.dashboard,
  lazy: async () => {
    const { DashboardPage } = await import('@/features/dashboard/pages/dashboard-page');
    return {
      element: <DashboardPage orders={<Orders />} />,
    };
  },
};
