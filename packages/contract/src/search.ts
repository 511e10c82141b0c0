import { z } from 'zod';

import { isCleanText, TEXT_MESSAGE } from './fields';
import { dataOf } from './paging';
import { route } from './routes';

/**
 * Search from anywhere (issue 40, DECISIONS.md "Many at once"): `GET /api/search?q=` finds orders (by number,
 * recipient, phone or e-mail), partners, customers, companies, products and the screens themselves, only
 * what the signed-in user may see.
 */
export const SEARCH_TYPES = ['order', 'partner', 'customer', 'company', 'product', 'screen'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;
/** At most this many results in all. */
export const MAX_SEARCH_RESULTS = 20;

export const SEARCH_MESSAGES = {
  short: `Type at least ${String(MIN_SEARCH_LENGTH)} characters.`,
  long: `Search can have at most ${String(MAX_SEARCH_LENGTH)} characters.`,
} as const;

export const searchQuery = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.short })
    .refine(isCleanText, TEXT_MESSAGE)
    .trim()
    .min(MIN_SEARCH_LENGTH, { error: SEARCH_MESSAGES.short })
    .max(MAX_SEARCH_LENGTH, { error: SEARCH_MESSAGES.long }),
});

export const searchResult = z.object({
  type: z.enum(SEARCH_TYPES),
  /** The record's id; a screen's is its address. */
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The app's address that opens it (`/order/12`). */
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResult>;

/** The search's route (every signed-in user, each finding only what they may see). */
export const searchRoutes = {
  search: route({
    method: 'GET',
    path: '/api/search',
    query: searchQuery,
    answer: dataOf(z.array(searchResult)),
  }),
};

/** Headings of each kind of result, in the order the box lists them. */
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  order: 'Orders',
  partner: 'Partners',
  customer: 'Customers',
  company: 'Companies',
  product: 'Products',
  screen: 'Screens',
};

type Permission = 'authenticateXero' | 'manageXero' | 'managePayouts' | 'partnerStatements';

/** A screen the search finds: its menu words, where it sits, who sees it (any of `permissions` when given). */
export interface SearchScreen {
  title: string;
  group: string | null;
  url: string;
  for: 'staff' | 'partner';
  permissions?: readonly Permission[];
  /** Other words people look for it by. */
  keywords?: string;
}

const staff = (title: string, url: string, group: string | null = null, keywords?: string): SearchScreen => ({
  title,
  group,
  url,
  for: 'staff',
  ...(keywords ? { keywords } : {}),
});
const partner = (
  title: string,
  url: string,
  group: string | null = null,
  keywords?: string,
): SearchScreen => ({
  title,
  group,
  url,
  for: 'partner',
  ...(keywords ? { keywords } : {}),
});

/**
 * Every screen of the menus (apps/web/src/lib/navigation.ts `menuFor`, whose test keeps the two in step), in
 * the menus' words, plus the few screens reached by a button (a new phone order).
 */
export const SEARCH_SCREENS: readonly SearchScreen[] = [
  staff('Dashboard', '/dashboard', null, 'home counts'),
  staff('For delivery today', '/orders/today', 'Orders', 'deliveries'),
  staff('Open', '/orders/open', 'Orders', 'new unaccepted'),
  staff('Accepted', '/orders/accepted', 'Orders'),
  staff('Rejected', '/orders/rejected', 'Orders'),
  staff('Fulfilled', '/orders/fulfilled', 'Orders'),
  staff('Delivered', '/orders/delivered', 'Orders'),
  staff('Unassigned', '/orders/unassigned', 'Orders', 'assign'),
  staff('Cancelled', '/orders/cancel-confirmed', 'Orders'),
  staff('Returns', '/orders/returns', 'Orders'),
  staff('Refunds', '/orders/refunds', 'Orders'),
  staff('New order', '/orders/new', 'Orders', 'phone order take'),
  staff('Products', '/products', 'Manage products', 'catalogue'),
  staff('Profit centres', '/profit-centres', 'Manage products'),
  staff('Components', '/components', 'Manage products', 'flowers stems'),
  staff('Units of measure', '/units', 'Configurations'),
  staff('Colours', '/colours', 'Configurations'),
  staff('Users', '/users', 'Configurations', 'people'),
  staff('Locations', '/locations', 'Configurations', 'cities suburbs'),
  staff('Partners', '/partners', 'Configurations', 'florists couriers'),
  staff('Customers', '/customers', 'Manage customers'),
  staff('Companies', '/companies', 'Manage customers'),
  staff('Audit', '/audit', null, 'history log'),
  {
    ...staff('Payouts', '/payouts', null, 'pay partners eft bank file remittance'),
    permissions: ['managePayouts'],
  },
  staff('Reporting', '/reporting', null, 'reports'),
  staff('Settings', '/system/settings', 'System', 'vat statements'),
  staff('API keys', '/system/api-keys', 'System', 'shop intake'),
  staff('E-mails not sent', '/system/mails', 'System', 'mail failed send again'),
  {
    ...staff('Xero', '/system/xero', 'System', 'accounting'),
    permissions: ['authenticateXero', 'manageXero'],
  },
  partner('Dashboard', '/dashboard', null, 'home counts'),
  partner('For Delivery Today', '/orders/today', 'Orders', 'deliveries'),
  partner('New orders (unaccepted)', '/orders/open', 'Orders', 'open accept'),
  partner('In progress', '/orders/accepted', 'Orders', 'accepted'),
  partner('Out for delivery', '/orders/fulfilled', 'Orders', 'fulfilled'),
  partner('Delivered', '/orders/delivered', 'Orders'),
  partner('Cancelled', '/orders/cancel-confirmed', 'Orders'),
  partner('My profile', '/users/profile', 'My account', 'name phone'),
  partner('Change password', '/change-password', 'My account', 'password'),
  partner('Business profile', '/partners/profile', 'My account', 'bank address'),
  partner('Out of office', '/partners/out-of-office', 'My account', 'away holiday'),
  partner('New-order alerts', '/alerts', 'My account', 'notifications sound'),
  { ...partner('Statements', '/statements', null, 'bills payments'), permissions: ['partnerStatements'] },
];

/** The screens this user reaches. */
export function screensFor(user: {
  isStaff: boolean;
  permissions: Record<Permission, boolean>;
}): SearchScreen[] {
  return SEARCH_SCREENS.filter(
    (s) =>
      s.for === (user.isStaff ? 'staff' : 'partner') &&
      (!s.permissions || s.permissions.some((p) => user.permissions[p])),
  );
}

/** Whether a screen answers a search: every word typed is in its title, group or keywords. */
export function screenMatches(screen: SearchScreen, q: string): boolean {
  const text = `${screen.title} ${screen.group ?? ''} ${screen.keywords ?? ''}`.toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}
