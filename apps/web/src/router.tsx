import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import type { RouteObject } from 'react-router';

import { dashboardRoute } from '@/dashboard-route';
import { GlobalErrorGate } from '@/layout/global-error-gate';
import { PublicLayout } from '@/layout/public-layout';
import { RouteError } from '@/layout/route-error';
import { paths } from '@/lib/paths';
import { Landing, RequireAuth, RequireGuest, RequireStaff } from '@/session/guards';
import { SessionProvider } from '@/session/session-provider';
import { LoadingScreen } from '@/ui/loading-screen';

/** The reports' screens (one chunk: they share the frame and the charts). */
const REPORT_PAGES = [
  [paths.reporting.home, 'ReportingMenuPage'],
  [paths.reporting.partnerOrders, 'PartnerOrdersPage'],
  [paths.reporting.profitCentreRevenue, 'ProfitCentreRevenuePage'],
  [paths.reporting.partnerSales, 'PartnerSalesPage'],
  [paths.reporting.averageFulfillment, 'AverageFulfillmentPage'],
  [paths.reporting.componentSales, 'ComponentSalesPage'],
  [paths.reporting.accounting, 'AccountingPage'],
  [paths.reporting.collectionStatus, 'CollectionStatusPage'],
] as const;

/** A route whose screen is loaded with its code when first visited. */
const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

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
          page(
            paths.forgotPassword,
            async () => (await import('@/features/auth/pages/forgot-password-page')).ForgotPasswordPage,
          ),
          page(
            paths.resetPassword.pattern,
            async () => (await import('@/features/auth/pages/reset-password-page')).ResetPasswordPage,
          ),
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
          dashboardRoute,
          page(
            paths.orders.today,
            async () => (await import('@/features/orders/pages/today-page')).TodayPage,
          ),
          {
            // Returns and refunds (staff only) before /orders/:status, so their addresses never read as a
            // status (React Router ranks a static segment first anyway; the order here says so too).
            element: <RequireStaff />,
            children: [
              page(
                paths.orders.new,
                async () => (await import('@/features/orders/pages/new-order-page')).NewOrderPage,
              ),
              page(
                paths.returns,
                async () => (await import('@/features/claims/pages/return-list-page')).ReturnListPage,
              ),
              page(
                paths.return.pattern,
                async () => (await import('@/features/claims/pages/return-page')).ReturnPage,
              ),
              page(
                paths.refunds,
                async () => (await import('@/features/claims/pages/refund-list-page')).RefundListPage,
              ),
              page(
                paths.refund.pattern,
                async () => (await import('@/features/claims/pages/refund-page')).RefundPage,
              ),
            ],
          },
          page(
            paths.orders.list.pattern,
            async () => (await import('@/features/orders/pages/order-list-page')).OrderListPage,
          ),
          page(
            paths.order.pattern,
            async () => (await import('@/features/orders/pages/order-detail-page')).OrderDetailPage,
          ),
          page(
            paths.changePassword,
            async () => (await import('@/features/auth/pages/change-password-page')).ChangePasswordPage,
          ),
          {
            // A partner user's own partner; staff have none (the page says so).
            path: paths.partners.profile,
            lazy: async () => ({
              Component: (await import('@/features/partners/pages/partner-profile-page')).PartnerProfilePage,
            }),
          },
          page(
            paths.alerts,
            async () => (await import('@/features/alerts/pages/alert-settings-page')).AlertSettingsPage,
          ),
          page(
            paths.users.profile,
            async () => (await import('@/features/users/pages/profile-page')).ProfilePage,
          ),
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
          page(
            paths.statements.month.pattern,
            async () => (await import('@/features/statements/pages/statement-page')).StatementPage,
          ),
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
              page(
                paths.users.list,
                async () => (await import('@/features/users/pages/user-list-page')).UserListPage,
              ),
              page(
                paths.users.add,
                async () => (await import('@/features/users/pages/user-edit-page')).UserAddPage,
              ),
              page(
                paths.users.edit.pattern,
                async () => (await import('@/features/users/pages/user-edit-page')).UserEditPage,
              ),
              page(
                paths.locations.list,
                async () => (await import('@/features/locations/pages/location-list-page')).LocationListPage,
              ),
              page(
                paths.locations.add,
                async () => (await import('@/features/locations/pages/location-edit-page')).LocationAddPage,
              ),
              page(
                paths.locations.edit.pattern,
                async () => (await import('@/features/locations/pages/location-edit-page')).LocationEditPage,
              ),
              page(
                paths.products.list,
                async () => (await import('@/features/products/pages/product-list-page')).ProductListPage,
              ),
              {
                path: paths.products.variants.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/products/pages/product-variants-page'))
                    .ProductVariantsPage,
                }),
              },
              page(
                paths.products.variant.pattern,
                async () => (await import('@/features/products/pages/variant-page')).VariantPage,
              ),
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
                  Component: (await import('@/features/catalogue-components/pages/component-rates-page'))
                    .ComponentRatesPage,
                }),
              },
              page(
                paths.partners.list,
                async () => (await import('@/features/partners/pages/partner-list-page')).PartnerListPage,
              ),
              page(
                paths.partners.add,
                async () => (await import('@/features/partners/pages/partner-edit-page')).PartnerAddPage,
              ),
              page(
                paths.partners.edit.pattern,
                async () => (await import('@/features/partners/pages/partner-edit-page')).PartnerEditPage,
              ),
              {
                path: paths.partners.products.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/partners/pages/partner-products-page'))
                    .PartnerProductsPage,
                }),
              },
              page(
                paths.statements.monthEnd,
                async () => (await import('@/features/statements/pages/month-end-page')).MonthEndPage,
              ),
              page(paths.audit, async () => (await import('@/features/audit/pages/audit-page')).AuditPage),
              page(
                paths.customers,
                async () => (await import('@/features/customers/pages/customer-list-page')).CustomerListPage,
              ),
              page(
                paths.apiKeys,
                async () => (await import('@/features/api-keys/pages/api-key-list-page')).ApiKeyListPage,
              ),
              // Payouts (issue 35): the page itself tells staff without managePayouts that it is not theirs.
              page(
                paths.payouts,
                async () => (await import('@/features/payouts/pages/payouts-page')).PayoutsPage,
              ),
              // The accounting connection: the page itself says what staff without its permissions may see.
              page(paths.xero, async () => (await import('@/features/xero/pages/xero-page')).XeroPage),
              page(paths.mails, async () => (await import('@/features/mails/pages/mails-page')).MailsPage),
              page(
                paths.settings,
                async () => (await import('@/features/settings/pages/settings-page')).SettingsPage,
              ),
              page(
                paths.companies,
                async () => (await import('@/features/companies/pages/company-list-page')).CompanyListPage,
              ),
              page(
                paths.units.list,
                async () => (await import('@/features/units/pages/unit-list-page')).UnitListPage,
              ),
              page(
                paths.units.add,
                async () => (await import('@/features/units/pages/unit-edit-page')).UnitAddPage,
              ),
              page(
                paths.units.edit.pattern,
                async () => (await import('@/features/units/pages/unit-edit-page')).UnitEditPage,
              ),
              page(
                paths.colours.list,
                async () => (await import('@/features/colours/pages/colour-list-page')).ColourListPage,
              ),
              page(
                paths.colours.add,
                async () => (await import('@/features/colours/pages/colour-edit-page')).ColourAddPage,
              ),
              page(
                paths.colours.edit.pattern,
                async () => (await import('@/features/colours/pages/colour-edit-page')).ColourEditPage,
              ),
              {
                path: paths.components.list,
                lazy: async () => ({
                  Component: (await import('@/features/catalogue-components/pages/component-list-page'))
                    .ComponentListPage,
                }),
              },
              {
                path: paths.components.add,
                lazy: async () => ({
                  Component: (await import('@/features/catalogue-components/pages/component-edit-page'))
                    .ComponentAddPage,
                }),
              },
              {
                path: paths.components.edit.pattern,
                lazy: async () => ({
                  Component: (await import('@/features/catalogue-components/pages/component-edit-page'))
                    .ComponentEditPage,
                }),
              },
              page(
                paths.components.bulkEdit,
                async () =>
                  (await import('@/features/catalogue-components/pages/bulk-edit-page')).BulkEditPage,
              ),
              ...REPORT_PAGES.map(([path, page]) => ({
                path,
                lazy: async () => ({ Component: (await import('@/features/reporting/pages'))[page] }),
              })),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export const routes = withLoadingFallback(routeTree);

export const createRouter = () => createBrowserRouter(routes);
