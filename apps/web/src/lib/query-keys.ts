import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

import type {
  AuditListQuery,
  CompanyListQuery,
  ComponentListQuery,
  CustomerListQuery,
  DateRange,
  LocationListQuery,
  MailListQuery,
  OrderListQuery,
  PayoutRunListQuery,
  ProductListQuery,
  RefundListQuery,
  ReportName,
  ReturnListQuery,
  StatementSort,
  UserListQuery,
} from '@bloomline/contract';

/*
 * Every query key of the web is built here (issue 37), so a key's prefix, on which an invalidation relies, is
 * read in one place. An area asks for its keys by name; it never writes a key's array itself.
 */

/**
 * Query keys of one resource, after Medusa admin's query-key factory: everything of a resource sits under
 * `all`, its lists under `lists()` and each record under `detail(id)`, so one invalidation reaches all the
 * copies a change makes stale.
 */
export function resourceKeys<Params = unknown>(resource: string) {
  const keys = {
    all: [resource] as const,
    lists: () => [...keys.all, 'list'] as const,
    list: (params: Params) => [...keys.lists(), params] as const,
    details: () => [...keys.all, 'detail'] as const,
    detail: (id: number | string) => [...keys.details(), id] as const,
  };
  return keys;
}

/** What an invalidation needs of a resource's keys, whatever its list parameters. */
export type ResourceKeys = Pick<ReturnType<typeof resourceKeys>, 'all' | 'lists' | 'details' | 'detail'>;

/**
 * After a change: the lists of every resource it touches and their records (one record when `id` is given),
 * so no screen keeps a stale copy. `refetchType: 'none'` only marks them stale, for a screen that has put the
 * answer in place itself and must not be refetched under the user (the components bulk edit).
 */
export function invalidateResources(
  queryClient: QueryClient,
  touched: readonly (ResourceKeys | { keys: ResourceKeys; id: number | string })[],
  { refetchType }: Pick<InvalidateQueryFilters, 'refetchType'> = {},
) {
  return Promise.all(
    touched.flatMap((item) => {
      const { keys, id } = 'keys' in item ? item : { keys: item, id: undefined };
      return [
        queryClient.invalidateQueries({ queryKey: keys.lists(), refetchType }),
        queryClient.invalidateQueries({
          queryKey: id === undefined ? keys.details() : keys.detail(id),
          refetchType,
        }),
      ];
    }),
  );
}

/** What a list is asked for: the contract's request, every part optional. */
export type OrderListParams = Partial<OrderListQuery>;
export type CustomerListParams = Partial<CustomerListQuery>;
export type CompanyListParams = Partial<CompanyListQuery>;
export type LocationListParams = Partial<LocationListQuery>;
export type ProductListParams = Partial<ProductListQuery>;
export type ComponentListParams = Partial<ComponentListQuery>;
export type MailListParams = Partial<MailListQuery>;
export type UserListParams = Partial<UserListQuery>;
export type AuditListParams = Partial<AuditListQuery>;
export type ReturnListParams = Partial<ReturnListQuery>;
/** What a page of refund cards is asked for: page, search and open/processed. */
export type RefundListParams = Partial<Pick<RefundListQuery, 'page' | 'q' | 'status'>>;
/** What the payouts' history is asked for. */
export type PayoutRunParams = Partial<Pick<PayoutRunListQuery, 'page'>>;

/** No list parameters: one small list, held whole. */
type Whole = Record<string, never>;

const partnerResource = resourceKeys<{ q?: string; picker?: boolean }>('partners');
/**
 * Partners: shared because other areas show them (the orders' partner picker is a list of them); every
 * partner change invalidates these, so the picker's five-minute copy never outlives an edit. A partner's
 * products and wholesale purchases sit under the partner's keys.
 */
export const partnerKeys = {
  ...partnerResource,
  products: (id: number) => [...partnerResource.detail(id), 'products'] as const,
  wholesale: (partnerId: number) => [...partnerResource.all, 'wholesale', partnerId] as const,
  wholesalePage: (partnerId: number, page: number) => [...partnerKeys.wholesale(partnerId), page] as const,
};

/** Colours: shared because the component form picks from them. */
export const colourKeys = resourceKeys<Whole>('colours');

/** Units of measure: the units screens' keys, which the component form's new-unit dialog picks from too. */
export const measureUnitKeys = resourceKeys<Whole>('measure-units');
/**
 * Profit centres and component rates: shared because a profit centre is picked on the component rates
 * screen, and a new default markup or rebate reprices the rates shown there (the centre's form invalidates
 * them).
 */
export const profitCentreKeys = resourceKeys<Whole>('profit-centres');
export const componentRateKeys = resourceKeys<{ componentId: number }>('component-rates');

const orderResource = resourceKeys<OrderListParams>('orders');
/**
 * Orders, shared because processing a return or a refund, and a new-order alert, change the orders it names
 * (line statuses, the order's status, counts): everything of an order sits under `all`. History and on-pay
 * sit under the order's detail key, so invalidating `detail(id)` refreshes all three (the on-pay of the
 * accounting report's dialog too).
 */
export const orderKeys = {
  ...orderResource,
  detail: (id: number) => orderResource.detail(id),
  history: (id: number) => [...orderKeys.detail(id), 'history'] as const,
  onpay: (id: number) => [...orderKeys.detail(id), 'onpay'] as const,
  dashboard: () => [...orderResource.all, 'dashboard'] as const,
  /** The partners a line may go to: local ones, or `all`, searched by `q`. */
  candidates: (lineId: number, all: boolean, q: string) =>
    [...orderResource.all, 'candidates', lineId, { all, q }] as const,
  /** The partners the unassigned lines of the selected orders may go to. */
  groupCandidates: (ids: readonly number[], all: boolean, q: string) =>
    [...orderResource.all, 'group-candidates', { ids: ids.join(','), all, q }] as const,
  rejectReasons: () => [...orderResource.all, 'reject-reasons'] as const,
  /** A waiting order the new-order alerts keep an eye on. */
  alertWatch: (orderId: number) => [...orderResource.all, 'alert-watch', orderId] as const,
};
/** GET /api/order-line-statuses: the reports' status filter. */
export const orderLineStatusesKey = () => ['order-line-statuses'] as const;

/** Saved views of the order lists (issue 40), under their own root: an order's change leaves them be. */
export const savedViewKeys = resourceKeys<{ list: 'orders' }>('saved-views');

/**
 * The accounting service's contacts (GET /api/xero-contacts): the companies screen lists them, the Xero screen
 * makes them stale when it disconnects; and the connection itself.
 */
export const xeroContactKeys = resourceKeys('xero-contacts');
export const xeroConnectionKeys = resourceKeys('xero-connection');

/**
 * Customers, companies, locations and products: shared because the phone order's pickers search them (issue 34);
 * their own screens use the same keys, so a change there reaches the pickers' copies. A product's partners sit
 * under the product's keys.
 */
export const customerKeys = resourceKeys<CustomerListParams>('customers');
export const companyKeys = resourceKeys<CompanyListParams>('companies');
export const locationKeys = resourceKeys<LocationListParams>('locations');
const productResource = resourceKeys<ProductListParams>('products');
export const productKeys = {
  ...productResource,
  partners: (id: number) => [...productResource.detail(id), 'partners'] as const,
};

const componentResource = resourceKeys<ComponentListParams>('components');
/**
 * Components. The picker's copies sit among the components' lists (`['components', 'list', 'picker', …]`), so
 * a change made in the components screens invalidates them too, while the word 'picker' keeps them apart from
 * those screens' own list copies (a page of another size).
 */
export const componentKeys = {
  ...componentResource,
  picker: (q: string) => [...componentResource.lists(), 'picker', { q }] as const,
};
export const componentUnitKeys = resourceKeys<Whole>('component-units');

/** Where addresses are picked: a level's places, under their parent. */
export const placeKeys = (level: string, parentId: number | null) => ['places', level, parentId] as const;

const userResource = resourceKeys<UserListParams>('users');
/** Users; the audit's user filter searches them as a picker of its own. */
export const userKeys = {
  ...userResource,
  picker: (q: string) => [...userResource.lists(), { q, picker: true }] as const,
};
export const roleKeys = resourceKeys('roles');

export const mailKeys = resourceKeys<MailListParams>('mails');
export const auditKeys = resourceKeys<AuditListParams>('audit');
export const apiKeyKeys = resourceKeys<Whole>('api-keys');
/** Out-of-office periods: one list per partner; a period's detail is `partnerId/id`. */
export const offlineTimeKeys = resourceKeys<{ partnerId: number }>('offline-times');
export const returnKeys = resourceKeys<ReturnListParams>('returns');
export const refundKeys = resourceKeys<RefundListParams>('refunds');

const payoutResource = resourceKeys<PayoutRunParams>('payouts');
export const payoutKeys = {
  ...payoutResource,
  /** What is due up to a day: its own key under the payouts', so a payout made empties it too. */
  due: (upTo: string) => [...payoutResource.all, 'due', upTo] as const,
  /** The first open month (issue 46): under the payouts', since a payout may close a month. */
  closedMonths: () => [...payoutResource.all, 'closed-months'] as const,
};

/** Whose statements: a partner user's own (no partner named), or staff's choice of partner. */
export type StatementOwner = { partnerId: number | null };
/** What a statement screen asks for: the month, the sort and whose. */
export type StatementParams = StatementOwner & { month: string; s: StatementSort; d: 'asc' | 'desc' };
const statementResource = resourceKeys<StatementParams>('statements');
/**
 * Statements: the months list, a month's entries and figures, a month's orders, the month-end run; a payout
 * made invalidates `all`.
 */
export const statementKeys = {
  ...statementResource,
  months: (owner: StatementOwner) => [...statementResource.all, 'months', owner] as const,
  orders: (owner: StatementOwner & { month: string }) => [...statementResource.all, 'orders', owner] as const,
  monthEnd: () => [...statementResource.all, 'month-end'] as const,
};

const reportingResource = resourceKeys('reporting');
/** Reports: a report's rows for a period (and a line status), and the accounting rows of a period. */
export const reportingKeys = {
  ...reportingResource,
  report: (report: ReportName, params: DateRange & { status?: string }) =>
    [...reportingResource.all, report, params] as const,
  accounting: (params: DateRange) => [...reportingResource.all, 'accounting-csv', params] as const,
};

const settingsResource = resourceKeys('settings');
/** Settings of the whole marketplace, one key each. */
export const settingsKeys = {
  ...settingsResource,
  vat: () => [...settingsResource.all, 'vat'] as const,
  statements: () => [...settingsResource.all, 'statements'] as const,
};

/** The signed-in partner user's alert choices. */
export const alertPreferenceKeys = resourceKeys('alert-preferences');

/** What the search from anywhere found for `q`. */
export const searchKey = (q: string) => ['search', q] as const;

/** The app's public configuration (GET /api/config): read once, before sign-in too. */
export const appConfigKey = () => ['app-config'] as const;
