import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import type { RouteObject } from 'react-router';

import { GlobalErrorGate } from '@/layout/global-error-gate';
import { NotBuiltPage } from '@/layout/not-built-page';
import { PublicLayout } from '@/layout/public-layout';
import { RouteError } from '@/layout/route-error';
import { paths } from '@/lib/paths';
import { Landing, RequireAuth, RequireGuest, RequireStaff } from '@/session/guards';
import { SessionProvider } from '@/session/session-provider';
import { LoadingScreen } from '@/ui/loading-screen';

/** Screens of areas still to be built: they show a plain notice rather than bouncing to the dashboard. */
const NOT_BUILT = [`${paths.reporting}/*`, paths.xero];

function Root() {
  return (
    <GlobalErrorGate>
      <SessionProvider>
        <Outlet />
      </SessionProvider>
    </GlobalErrorGate>
  );
}

/**
 * While a lazy route's code loads on a full page load the router is not yet initialised and renders a route's
 * `HydrateFallback` in its place (React Router warns, "No `HydrateFallback` element provided", when there is
 * none). Every lazy route gets the spinner, so the frame above it (providers, layout) renders meanwhile.
 */
function withLoadingFallback(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const children = route.children ? withLoadingFallback(route.children) : undefined;
    const fallback = route.lazy && !route.HydrateFallback ? { HydrateFallback: LoadingScreen } : {};
    return { ...route, ...fallback, ...(children ? { children } : {}) } as RouteObject;
  });
}

const routeTree: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Landing /> },
      {
        element: <PublicLayout />,
        children: [
          {
            path: paths.login,
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
            path: paths.forgotPassword,
            lazy: async () => ({
              Component: (await import('@/features/auth/pages/forgot-password-page')).ForgotPasswordPage,
            }),
          },
          {
            path: paths.resetPassword.pattern,
            lazy: async () => ({
              Component: (await import('@/features/auth/pages/reset-password-page')).ResetPasswordPage,
            }),
          },
        ],
      },
      {
        // Loaded once signed in: the shell (menus, navigation, icons) is not part of the sign-in page's download.
        lazy: async () => {
          const { AppLayout } = await import('@/layout/app-layout');
          return {
            element: (
              <RequireAuth>
                <AppLayout />
              </RequireAuth>
            ),
          };
        },
        children: [
          {
            path: paths.dashboard,
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
            path: paths.orders.today,
            lazy: async () => ({ Component: (await import('@/features/orders/pages/today-page')).TodayPage }),
          },
          {
            path: paths.orders.list.pattern,
            lazy: async () => ({
              Component: (await import('@/features/orders/pages/order-list-page')).OrderListPage,
            }),
          },
          {
            path: paths.order.pattern,
            lazy: async () => ({
              Component: (await import('@/features/orders/pages/order-detail-page')).OrderDetailPage,
            }),
          },
          {
            path: paths.changePassword,
            lazy: async () => ({
              Component: (await import('@/features/auth/pages/change-password-page')).ChangePasswordPage,
            }),
          },
          {
            // A partner user's own partner; staff have none (the page says so).
            path: paths.partners.profile,
            lazy: async () => ({
              Component: (await import('@/features/partners/pages/partner-profile-page')).PartnerProfilePage,
            }),
          },
          {
            path: paths.users.profile,
            lazy: async () => ({
              Component: (await import('@/features/users/pages/profile-page')).ProfilePage,
            }),
          },
          {
            // A partner user's own periods; staff reach a partner's with ?partner=<id>.
            path: paths.partners.outOfOffice.list,
            lazy: async () => ({
              Component: (await import('@/features/out-of-office/pages/out-of-office-list-page'))
                .OutOfOfficeListPage,
            }),
          },
          {
            path: paths.partners.outOfOffice.add,
            lazy: async () => ({
              Component: (await import('@/features/out-of-office/pages/out-of-office-edit-page'))
                .OutOfOfficeAddPage,
            }),
          },
          {
            path: paths.partners.outOfOffice.edit.pattern,
            lazy: async () => ({
              Component: (await import('@/features/out-of-office/pages/out-of-office-edit-page'))
                .OutOfOfficeEditPage,
            }),
          },
          {
            // A partner user's own statements (with partnerStatements; the pages show nothing without it);
            // staff read a partner's with ?partner=<id>, from the partner's page.
            path: paths.statements.list,
            lazy: async () => ({
              Component: (await import('@/features/statements/pages/statements-page')).StatementsPage,
            }),
          },
          {
            path: paths.statements.month.pattern,
            lazy: async () => ({
              Component: (await import('@/features/statements/pages/statement-page')).StatementPage,
            }),
          },
          {
            path: paths.statements.orders.pattern,
            lazy: async () => ({
              Component: (await import('@/features/statements/pages/statement-orders-page'))
                .StatementOrdersPage,
            }),
          },
          {
            // Staff-only areas: a partner is sent to the dashboard (the server answers them 403 anyway).
            element: <RequireStaff />,
            children: [
              {
                path: paths.users.list,
                lazy: async () => ({
                  Component: (await import('@/features/users/pages/user-list-page')).UserListPage,
                }),
              },
              {
                path: paths.users.add,
                lazy: async () => ({
                  Component: (await import('@/features/users/pages/user-edit-page')).UserAddPage,
                }),
              },
              {
                path: paths.users.edit.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/users/pages/user-edit-page')).UserEditPage,
                }),
              },
              {
                path: paths.locations.list,
                lazy: async () => ({
                  Component: (await import('@/features/locations/pages/location-list-page')).LocationListPage,
                }),
              },
              {
                path: paths.locations.add,
                lazy: async () => ({
                  Component: (await import('@/features/locations/pages/location-edit-page')).LocationAddPage,
                }),
              },
              {
                path: paths.locations.edit.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/locations/pages/location-edit-page')).LocationEditPage,
                }),
              },
              {
                path: paths.products.list,
                lazy: async () => ({
                  Component: (await import('@/features/products/pages/product-list-page')).ProductListPage,
                }),
              },
              {
                path: paths.products.variants.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/products/pages/product-variants-page'))
                    .ProductVariantsPage,
                }),
              },
              {
                path: paths.products.variant.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/products/pages/variant-page')).VariantPage,
                }),
              },
              {
                path: paths.products.partners.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/products/pages/product-partners-page'))
                    .ProductPartnersPage,
                }),
              },
              {
                path: paths.profitCentres.list,
                lazy: async () => ({
                  Component: (await import('@/features/profit-centres/pages/profit-centre-list-page'))
                    .ProfitCentreListPage,
                }),
              },
              {
                path: paths.profitCentres.add,
                lazy: async () => ({
                  Component: (await import('@/features/profit-centres/pages/profit-centre-edit-page'))
                    .ProfitCentreAddPage,
                }),
              },
              {
                path: paths.profitCentres.edit.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/profit-centres/pages/profit-centre-edit-page'))
                    .ProfitCentreEditPage,
                }),
              },
              {
                path: paths.componentRates.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/components/pages/component-rates-page'))
                    .ComponentRatesPage,
                }),
              },
              {
                path: paths.partners.list,
                lazy: async () => ({
                  Component: (await import('@/features/partners/pages/partner-list-page')).PartnerListPage,
                }),
              },
              {
                path: paths.partners.add,
                lazy: async () => ({
                  Component: (await import('@/features/partners/pages/partner-edit-page')).PartnerAddPage,
                }),
              },
              {
                path: paths.partners.edit.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/partners/pages/partner-edit-page')).PartnerEditPage,
                }),
              },
              {
                path: paths.partners.products.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/partners/pages/partner-products-page'))
                    .PartnerProductsPage,
                }),
              },
              {
                path: paths.statements.monthEnd,
                lazy: async () => ({
                  Component: (await import('@/features/statements/pages/month-end-page')).MonthEndPage,
                }),
              },
              {
                path: paths.audit,
                lazy: async () => ({
                  Component: (await import('@/features/audit/pages/audit-page')).AuditPage,
                }),
              },
              {
                path: paths.customers,
                lazy: async () => ({
                  Component: (await import('@/features/customers/pages/customer-list-page')).CustomerListPage,
                }),
              },
              {
                path: paths.companies,
                lazy: async () => ({
                  Component: (await import('@/features/companies/pages/company-list-page')).CompanyListPage,
                }),
              },
              {
                path: paths.units.list,
                lazy: async () => ({
                  Component: (await import('@/features/units/pages/unit-list-page')).UnitListPage,
                }),
              },
              {
                path: paths.units.add,
                lazy: async () => ({
                  Component: (await import('@/features/units/pages/unit-edit-page')).UnitAddPage,
                }),
              },
              {
                path: paths.units.edit.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/units/pages/unit-edit-page')).UnitEditPage,
                }),
              },
              {
                path: paths.colours.list,
                lazy: async () => ({
                  Component: (await import('@/features/colours/pages/colour-list-page')).ColourListPage,
                }),
              },
              {
                path: paths.colours.add,
                lazy: async () => ({
                  Component: (await import('@/features/colours/pages/colour-edit-page')).ColourAddPage,
                }),
              },
              {
                path: paths.colours.edit.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/colours/pages/colour-edit-page')).ColourEditPage,
                }),
              },
              {
                path: paths.components.list,
                lazy: async () => ({
                  Component: (await import('@/features/components/pages/component-list-page'))
                    .ComponentListPage,
                }),
              },
              {
                path: paths.components.add,
                lazy: async () => ({
                  Component: (await import('@/features/components/pages/component-edit-page'))
                    .ComponentAddPage,
                }),
              },
              {
                path: paths.components.edit.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/components/pages/component-edit-page'))
                    .ComponentEditPage,
                }),
              },
              {
                path: paths.components.bulkEdit,
                lazy: async () => ({
                  Component: (await import('@/features/components/pages/bulk-edit-page')).BulkEditPage,
                }),
              },
            ],
          },
          ...NOT_BUILT.map((path) => ({ path: path.slice(1), element: <NotBuiltPage /> })),
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export const routes = withLoadingFallback(routeTree);

export const createRouter = () => createBrowserRouter(routes);
