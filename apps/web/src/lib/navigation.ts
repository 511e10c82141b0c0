import type { CurrentUser } from '@bloomline/contract';

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
  { to: '/orders/today', label: 'For delivery today' },
  { to: '/orders/open', label: 'Open' },
  { to: '/orders/accepted', label: 'Accepted' },
  { to: '/orders/rejected', label: 'Rejected' },
  { to: '/orders/fulfilled', label: 'Fulfilled' },
  { to: '/orders/delivered', label: 'Delivered' },
  { to: '/orders/unassigned', label: 'Unassigned' },
  { to: '/orders/cancel-confirmed', label: 'Cancelled' },
  { to: '/orders/returns', label: 'Returns' },
  { to: '/orders/refunds', label: 'Refunds' },
];

export const PARTNER_ORDER_LISTS: NavLinkItem[] = [
  { to: '/orders/today', label: 'For Delivery Today' },
  { to: '/orders/open', label: 'New orders (unaccepted)' },
  { to: '/orders/accepted', label: 'In progress' },
  { to: '/orders/fulfilled', label: 'Out for delivery' },
  { to: '/orders/delivered', label: 'Delivered' },
  { to: '/orders/cancel-confirmed', label: 'Cancelled' },
];

/** The menu of part 1, point 2, for this user: permission-gated items only when the permission is held. */
export function menuFor(user: CurrentUser): NavEntry[] {
  if (user.isStaff) {
    return [
      { to: '/dashboard', label: 'Dashboard' },
      { label: 'Orders', items: STAFF_ORDER_LISTS },
      {
        label: 'Manage products',
        items: [
          { to: '/products', label: 'Products' },
          { to: '/profit-centres', label: 'Profit centres' },
          { to: '/components', label: 'Components' },
        ],
      },
      {
        label: 'Configurations',
        items: [
          { to: '/units', label: 'Units of measure' },
          { to: '/colours', label: 'Colours' },
          { to: '/users', label: 'Users' },
          { to: '/locations', label: 'Locations' },
          { to: '/partners', label: 'Partners' },
        ],
      },
      {
        label: 'Manage customers',
        items: [
          { to: '/customers', label: 'Customers' },
          { to: '/companies', label: 'Companies' },
        ],
      },
      { to: '/audit', label: 'Audit' },
      { to: '/reporting', label: 'Reporting' },
      ...(user.permissions.authenticateXero || user.permissions.manageXero
        ? [{ to: '/system/xero', label: 'Xero' }]
        : []),
    ];
  }
  return [
    { to: '/dashboard', label: 'Dashboard' },
    { label: 'Orders', items: PARTNER_ORDER_LISTS },
    {
      label: 'My account',
      items: [
        { to: '/users/profile', label: 'My profile' },
        { to: '/partners/profile', label: 'Business profile' },
        { to: '/partners/out-of-office', label: 'Out of office' },
      ],
    },
    ...(user.permissions.partnerStatements ? [{ to: '/statements', label: 'Statements' }] : []),
  ];
}

/** The title of an order list, in the menu's words for this role. */
export function orderListTitle(user: CurrentUser, path: string): string | undefined {
  return (user.isStaff ? STAFF_ORDER_LISTS : PARTNER_ORDER_LISTS).find((i) => i.to === path)?.label;
}
