import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

import type {
  CompanyListQuery,
  CustomerListQuery,
  LocationListQuery,
  OrderListQuery,
  ProductListQuery,
} from '@bloomline/contract';

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

/**
 * Partners: shared because other areas show them (the orders' partner picker is a list of them); every
 * partner change invalidates these, so the picker's five-minute copy never outlives an edit.
 */
export const partnerKeys = resourceKeys<{ q?: string; picker?: boolean }>('partners');

/** Colours: shared because the component form picks from them. */
export const colourKeys = resourceKeys<Record<string, never>>('colours');

/**
 * Units of measure: the same keys as the units screens' own, shared because the component form's new-unit
 * dialog picks from them.
 */
export const measureUnitKeys = resourceKeys<Record<string, never>>('measure-units');
/**
 * Profit centres and component rates: shared because a profit centre is picked on the component rates
 * screen, and a new default markup or rebate reprices the rates shown there (the centre's form invalidates
 * them).
 */
export const profitCentreKeys = resourceKeys<Record<string, never>>('profit-centres');
export const componentRateKeys = resourceKeys<{ componentId: number }>('component-rates');

/**
 * Orders: the root of the orders area's keys (its own `order-keys.ts` extends them), shared because
 * processing a return or a refund changes the orders it names (line statuses, the order's status, counts).
 */
export const orderResourceKeys = resourceKeys<Partial<OrderListQuery>>('orders');

/**
 * The accounting service's contacts (GET /api/xero-contacts): the companies screen lists them, the Xero screen
 * makes them stale when it disconnects.
 */
export const xeroContactKeys = resourceKeys('xero-contacts');

/**
 * Customers, companies, locations and products: shared because the phone order's pickers search them (issue 34);
 * their own screens use the same keys, so a change there reaches the pickers' copies.
 */
export const customerKeys = resourceKeys<Partial<CustomerListQuery>>('customers');
export const companyKeys = resourceKeys<Partial<CompanyListQuery>>('companies');
export const locationKeys = resourceKeys<Partial<LocationListQuery>>('locations');
export const productKeys = resourceKeys<Partial<ProductListQuery>>('products');
