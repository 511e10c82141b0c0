import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';

import { usePainted } from '@/lib/after-first-screen';
import { paths } from '@/lib/paths';

// Features never import each other: the dashboard frame gets the orders part from here. The frame (small)
// shows first, the orders part (the larger code) follows into it: the partner's first visit paints sooner.
// Its code (some forty files on a first visit) is asked for once the frame has been shown, so that it does not
// compete with the frame for the phone's network and processor.
const DashboardOrders = lazy(async () => ({
  default: (await import('@/features/orders/components/dashboard/dashboard-orders')).DashboardOrders,
}));

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
