/**
 * Every screen's address, in one place: router.tsx declares its routes from the patterns here, and every link,
 * navigation, breadcrumb and menu entry builds its address from the same entries, so renaming a route is one
 * edit here and a type error wherever an entry it removed was used.
 */

type Id = number | string;

/** The names of a pattern's parameters, in order: '/a/:x/b/:y' → ['x', 'y']. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<Rest>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** One value per name (a mapped tuple stays a tuple only over a type parameter). */
type ValuesOf<Names extends string[]> = { [K in keyof Names]: Id };
/** One value per parameter, in the pattern's order. */
type ParamValues<P extends string> = ValuesOf<ParamNames<P>>;

/** An address with parameters: call it with their values; `pattern` is what the router declares. */
export type RouteBuilder<P extends string> = ((...values: ParamValues<P>) => string) & { pattern: P };

/** The builder of a pattern's addresses: each `:name` in turn takes the next value. */
export function route<P extends string>(pattern: P): RouteBuilder<P> {
  const build = (...values: Id[]) => {
    let next = 0;
    return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(String(values[next++])));
  };
  return Object.assign(build as (...values: ParamValues<P>) => string, { pattern });
}

/** A list with its add and edit screens: `<base>`, `<base>/add`, `<base>/:<param>`. */
const area = <B extends string, P extends string = 'id'>(base: B, param: P = 'id' as P) => ({
  list: base,
  add: `${base}/add` as const,
  edit: route(`${base}/:${param}` as const),
});

export const paths = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: route('/reset-password/:token'),
  changePassword: '/change-password',
  dashboard: '/dashboard',
  orders: {
    today: '/orders/today',
    /** Staff take an order by phone (issue 34); a static segment, ranked before /orders/:status. */
    new: '/orders/new',
    /** A list of orders by status ('open', 'accepted', … 'unassigned'). */
    list: route('/orders/:status'),
  },
  /** Returns and refunds: declared before /orders/:status in the router, under RequireStaff. */
  returns: '/orders/returns',
  return: route('/orders/returns/:returnId'),
  refunds: '/orders/refunds',
  refund: route('/orders/refunds/:refundId'),
  order: route('/order/:id'),
  /** Payouts to partners (staff with managePayouts; issue 35). */
  payouts: '/payouts',
  partners: {
    ...area('/partners', 'partnerId'),
    products: route('/partners/:partnerId/products'),
    /** A partner user's own partner. */
    profile: '/partners/profile',
    outOfOffice: area('/partners/out-of-office'),
  },
  users: { ...area('/users', 'userId'), profile: '/users/profile' },
  /** A partner user's new-order alerts (issue 25). */
  alerts: '/alerts',
  locations: area('/locations'),
  products: {
    list: '/products',
    variants: route('/products/:productId/variants'),
    variant: route('/products/:productId/variants/:variantId'),
    partners: route('/products/:productId/partners'),
  },
  profitCentres: area('/profit-centres'),
  components: { ...area('/components'), bulkEdit: '/components/bulk-edit' },
  componentRates: route('/componentrates/:id'),
  units: area('/units'),
  colours: area('/colours'),
  customers: '/customers',
  companies: '/companies',
  audit: '/audit',
  /** The audit list filtered to one record (`pT`, `pI`): a record page's own history (issue 36). */
  recordAudit: (type: string, id: Id) =>
    `/audit?${new URLSearchParams({ pT: type, pI: String(id) }).toString()}`,
  /** Staff's reports: the menu and one screen per report (part 2, "Reporting (staff)"). */
  reporting: {
    home: '/reporting',
    partnerOrders: '/reporting/partner-orders',
    profitCentreRevenue: '/reporting/profit-centre-revenue',
    partnerSales: '/reporting/partner-sales',
    averageFulfillment: '/reporting/average-fulfillment-time',
    componentSales: '/reporting/component-sales',
    accounting: '/reporting/accounting-csv',
    collectionStatus: '/reporting/collection-status',
  },
  /**
   * Monthly partner statements (part 2, "Statements (partner users)"): a partner user's own, staff's of the
   * partner in `?partner=<id>`; the month-end e-mail run is staff's.
   */
  statements: {
    list: '/statements',
    month: route('/statements/:month'),
    /** The month's orders with their Total on pay: the statements feature off. */
    orders: route('/statements/:month/orders'),
    monthEnd: '/statements/month-end',
  },
  /** The accounting connection (Xero). */
  xero: '/system/xero',
  /** Staff's settings: VAT and the statements view (issue 36). */
  settings: '/system/settings',
  /** The shop's API keys (issue 34). */
  apiKeys: '/system/api-keys',
  /** The e-mails that failed on every try, to send again (issue 38). */
  mails: '/system/mails',
} as const;
