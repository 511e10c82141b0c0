import type { CurrentUser } from '@bloomline/contract';

import { paths } from './paths';

export interface NavLinkItem {
  label: string;
  to: string;
}
export interface NavGroup {
  label: string;
  items: NavLinkItem[];
}
export type NavEntry = NavLinkItem | NavGroup;

export const isGroup = (e: NavEntry): e is NavGroup => 'items' in e;

/** Order lists: path segment to the words the menus (and the list titles) use, per role. */
export const STAFF_ORDER_LISTS: NavLinkItem[] = [
  { to: paths.orders.today, label: 'For delivery today' },
  { to: paths.orders.list('open'), label: 'Open' },
  { to: paths.orders.list('accepted'), label: 'Accepted' },
  { to: paths.orders.list('rejected'), label: 'Rejected' },
  { to: paths.orders.list('fulfilled'), label: 'Fulfilled' },
  { to: paths.orders.list('delivered'), label: 'Delivered' },
  { to: paths.orders.list('unassigned'), label: 'Unassigned' },
  { to: paths.orders.list('cancel-confirmed'), label: 'Cancelled' },
  // Returns and refunds have screens of their own (staff only), not order lists.
  { to: paths.returns, label: 'Returns' },
  { to: paths.refunds, label: 'Refunds' },
];

export const PARTNER_ORDER_LISTS: NavLinkItem[] = [
  { to: paths.orders.today, label: 'For Delivery Today' },
  { to: paths.orders.list('open'), label: 'New orders (unaccepted)' },
  { to: paths.orders.list('accepted'), label: 'In progress' },
  { to: paths.orders.list('fulfilled'), label: 'Out for delivery' },
  { to: paths.orders.list('delivered'), label: 'Delivered' },
  { to: paths.orders.list('cancel-confirmed'), label: 'Cancelled' },
];

/** The user's own account: reached from the greeting's menu, and from the small screens' Menu (issue 36). */
export const ACCOUNT_ENTRIES: NavLinkItem[] = [
  { to: paths.users.profile, label: 'My profile' },
  { to: paths.changePassword, label: 'Change password' },
];

/** The menu of part 1, point 2, for this user: permission-gated items only when the permission is held. */
export function menuFor(user: CurrentUser): NavEntry[] {
  if (user.isStaff) {
    return [
      { to: paths.dashboard, label: 'Dashboard' },
      { label: 'Orders', items: STAFF_ORDER_LISTS },
      {
        label: 'Manage products',
        items: [
          { to: paths.products.list, label: 'Products' },
          { to: paths.profitCentres.list, label: 'Profit centres' },
          { to: paths.components.list, label: 'Components' },
        ],
      },
      {
        label: 'Configurations',
        items: [
          { to: paths.units.list, label: 'Units of measure' },
          { to: paths.colours.list, label: 'Colours' },
          { to: paths.users.list, label: 'Users' },
          { to: paths.locations.list, label: 'Locations' },
          { to: paths.partners.list, label: 'Partners' },
        ],
      },
      {
        label: 'Manage customers',
        items: [
          { to: paths.customers, label: 'Customers' },
          { to: paths.companies, label: 'Companies' },
        ],
      },
      { to: paths.audit, label: 'Audit' },
      ...(user.permissions.managePayouts ? [{ to: paths.payouts, label: 'Payouts' }] : []),
      { to: paths.reporting.home, label: 'Reporting' },
      {
        label: 'System',
        items: [
          { to: paths.settings, label: 'Settings' },
          { to: paths.apiKeys, label: 'API keys' },
          { to: paths.mails, label: 'E-mails not sent' },
          ...(user.permissions.authenticateXero || user.permissions.manageXero
            ? [{ to: paths.xero, label: 'Xero' }]
            : []),
        ],
      },
    ];
  }
  return [
    { to: paths.dashboard, label: 'Dashboard' },
    { label: 'Orders', items: PARTNER_ORDER_LISTS },
    {
      label: 'My account',
      items: [
        ...ACCOUNT_ENTRIES,
        { to: paths.partners.profile, label: 'Business profile' },
        { to: paths.partners.outOfOffice.list, label: 'Out of office' },
        { to: paths.alerts, label: 'New-order alerts' },
      ],
    },
    ...(user.permissions.partnerStatements ? [{ to: paths.statements.list, label: 'Statements' }] : []),
  ];
}

/** The title of an order list, in the menu's words for this role. */
export function orderListTitle(user: CurrentUser, path: string): string | undefined {
  return (user.isStaff ? STAFF_ORDER_LISTS : PARTNER_ORDER_LISTS).find((i) => i.to === path)?.label;
}

/**
 * The small screens' Menu: the bar's entries, and for staff (whose bar has no account group) their own account,
 * which the hidden greeting leads to on a wider screen.
 */
export function mobileMenuFor(user: CurrentUser): NavEntry[] {
  const entries = menuFor(user);
  return user.isStaff ? [...entries, { label: 'My account', items: ACCOUNT_ENTRIES }] : entries;
}
