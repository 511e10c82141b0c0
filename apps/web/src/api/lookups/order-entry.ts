import { queryOptions } from '@tanstack/react-query';
import type { ComboboxItem } from '@mantine/core';

import type {
  CompanyListItem,
  CustomerListItem,
  LocationListItem,
  ProductListItem,
} from '@bloomline/contract';
import { companyRoutes, customerRoutes, locationRoutes, productRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { companyKeys, customerKeys, locationKeys, productKeys } from '@/lib/query-keys';

import { LOOKUP_CACHE } from './cache-policy';

/**
 * What the phone order's pickers search on the server as staff type (issue 34): customers, companies, suburbs and
 * cities, and the catalogue's active products. Each is the first page of the list's own call, under the list's
 * keys, so an edit on that list's screen reaches the picker.
 */

const PICKER_PAGE = 20;

export const customerLookupQuery = (q = '') =>
  queryOptions({
    queryKey: customerKeys.list({ q, per_page: PICKER_PAGE }),
    queryFn: ({ signal }) =>
      call(customerRoutes.list, { query: { q, per_page: PICKER_PAGE } }, { signal }).then((r) => r.data),
    ...LOOKUP_CACHE,
  });

/** A customer as a choice, "Lerato Dlamini · lerato@example.com", with the details a pick fills in. */
export type CustomerChoice = ComboboxItem & { name: string; email: string | null; phone: string | null };

export const customerChoices = (customers: readonly CustomerListItem[]): CustomerChoice[] =>
  customers.map((c) => ({
    value: String(c.id),
    label: [c.name, c.email].filter(Boolean).join(' · '),
    name: c.name,
    email: c.email,
    phone: c.phone,
  }));

export const companyLookupQuery = (q = '') =>
  queryOptions({
    queryKey: companyKeys.list({ q, per_page: PICKER_PAGE }),
    queryFn: ({ signal }) =>
      call(companyRoutes.list, { query: { q, per_page: PICKER_PAGE } }, { signal }).then((r) => r.data),
    ...LOOKUP_CACHE,
  });

export const companyChoices = (companies: readonly CompanyListItem[]): ComboboxItem[] =>
  companies.map((c) => ({ value: String(c.id), label: c.name }));

/** Suburbs and cities whose name holds `q` (the locations tree). */
export const placeLookupQuery = (q = '') =>
  queryOptions({
    queryKey: locationKeys.list({ q, per_page: PICKER_PAGE }),
    queryFn: ({ signal }) =>
      call(locationRoutes.list, { query: { q, per_page: PICKER_PAGE } }, { signal }).then((r) =>
        r.data.filter((l) => l.locationType === 'suburb' || l.locationType === 'city'),
      ),
    ...LOOKUP_CACHE,
  });

/** "Sea Point, Cape Town" for a suburb; a city by its name. */
export const placeChoices = (places: readonly LocationListItem[]): ComboboxItem[] =>
  places.map((p) => ({
    value: String(p.id),
    label: p.locationType === 'suburb' && p.parent ? `${p.name}, ${p.parent.name}` : p.name,
  }));

/** One location with its coordinates: what a picked suburb or city puts on the map. */
export const getPlace = (id: number) => call(locationRoutes.get, { params: { id } }).then((r) => r.data);

export const variantLookupQuery = (q = '') =>
  queryOptions({
    queryKey: productKeys.list({ q, status: 'active', per_page: PICKER_PAGE }),
    queryFn: ({ signal }) =>
      call(
        productRoutes.list,
        { query: { q, status: 'active', per_page: PICKER_PAGE, s: 'title', d: 'asc' } },
        { signal },
      ).then((r) => r.data),
    ...LOOKUP_CACHE,
  });

/** A variant the phone order offers: its product's picture and retail price go with it. */
export type VariantChoice = ComboboxItem & { picture: string | null; price: number; product: string };

/** Each active product's variants: "Red rose bouquet · Large". */
export const variantChoices = (products: readonly ProductListItem[]): VariantChoice[] =>
  products.flatMap((p) =>
    p.variants.map((v) => ({
      value: String(v.id),
      label: p.variants.length > 1 ? `${p.title} · ${v.title}` : p.title,
      picture: p.images[0]?.url ?? null,
      price: v.price,
      product: p.title,
    })),
  );
