import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import type { RouteObject } from 'react-router';

import { AppLayout } from '@/layout/app-layout';
import { GlobalErrorGate } from '@/layout/global-error-gate';
import { NotBuiltPage } from '@/layout/not-built-page';
import { PublicLayout } from '@/layout/public-layout';
import { RouteError } from '@/layout/route-error';
import { Landing, RequireAuth, RequireGuest, RequireStaff } from '@/session/guards';
import { SessionProvider } from '@/session/session-provider';

/** Screens of areas still to be built: they show a plain notice rather than bouncing to the dashboard. */
const NOT_BUILT = [
  '/products/*',
  '/profit-centres/*',
  '/components/*',
  '/componentrates/:id',
  '/colours/*',
  '/users/*',
  '/partners/*',
  '/customers',
  '/companies',
  '/audit',
  '/reporting/*',
  '/system/xero',
  '/statements/*',
];

function Root() {
  return (
    <GlobalErrorGate>
      <SessionProvider>
        <Outlet />
      </SessionProvider>
    </GlobalErrorGate>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Landing /> },
      {
        element: <PublicLayout />,
        children: [
          {
            path: 'login',
            element: <RequireGuest />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('@/features/auth/pages/login-page')).LoginPage,
                }),
              },
            ],
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('@/features/auth/pages/forgot-password-page')).ForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password/:token',
            lazy: async () => ({
              Component: (await import('@/features/auth/pages/reset-password-page')).ResetPasswordPage,
            }),
          },
        ],
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          {
            path: 'dashboard',
            // Features never import each other: the dashboard frame gets the orders part from here.
            lazy: async () => {
              const [{ DashboardPage }, { DashboardOrders }] = await Promise.all([
                import('@/features/dashboard/pages/dashboard-page'),
                import('@/features/orders/components/dashboard/dashboard-orders'),
              ]);
              return { element: <DashboardPage orders={<DashboardOrders />} /> };
            },
          },
          {
            path: 'orders/today',
            lazy: async () => ({ Component: (await import('@/features/orders/pages/today-page')).TodayPage }),
          },
          {
            path: 'orders/:status',
            lazy: async () => ({
              Component: (await import('@/features/orders/pages/order-list-page')).OrderListPage,
            }),
          },
          {
            path: 'order/:id',
            lazy: async () => ({
              Component: (await import('@/features/orders/pages/order-detail-page')).OrderDetailPage,
            }),
          },
          {
            path: 'change-password',
            lazy: async () => ({
              Component: (await import('@/features/auth/pages/change-password-page')).ChangePasswordPage,
            }),
          },
          {
            // Staff-only areas: a partner is sent to the dashboard (the server answers them 403 anyway).
            element: <RequireStaff />,
            children: [
              {
                path: 'locations',
                lazy: async () => ({
                  Component: (await import('@/features/locations/pages/location-list-page')).LocationListPage,
                }),
              },
              {
                path: 'locations/add',
                lazy: async () => ({
                  Component: (await import('@/features/locations/pages/location-edit-page')).LocationAddPage,
                }),
              },
              {
                path: 'locations/:id',
                lazy: async () => ({
                  Component: (await import('@/features/locations/pages/location-edit-page')).LocationEditPage,
                }),
              },
              {
                path: 'units',
                lazy: async () => ({
                  Component: (await import('@/features/units/pages/unit-list-page')).UnitListPage,
                }),
              },
              {
                path: 'units/add',
                lazy: async () => ({
                  Component: (await import('@/features/units/pages/unit-edit-page')).UnitAddPage,
                }),
              },
              {
                path: 'units/:id',
                lazy: async () => ({
                  Component: (await import('@/features/units/pages/unit-edit-page')).UnitEditPage,
                }),
              },
            ],
          },
          ...NOT_BUILT.map((path) => ({ path: path.slice(1), element: <NotBuiltPage /> })),
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
