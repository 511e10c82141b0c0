import { z } from 'zod';

import { text } from './fields';

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

/** Query parameters every paged list accepts. Bad values fall back to the defaults instead of failing. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PER_PAGE)
    .catch(DEFAULT_PER_PAGE)
    .default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageLink = z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() });
export type PageLink = z.infer<typeof pageLink>;

/** Laravel's LengthAwarePaginator meta. */
export const pageMeta = z.object({
  current_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  path: z.string(),
  links: z.array(pageLink),
});
export type PageMeta = z.infer<typeof pageMeta>;

/** Every JSON answer but the reject reasons is wrapped: `{ data: … }`. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta });
export type Paged<T> = { data: T[]; meta: PageMeta };

export const PREVIOUS_LABEL = '&laquo; Previous';
export const NEXT_LABEL = 'Next &raquo;';

/**
 * Builds Laravel's paginator meta. `query` holds the other query parameters so that links keep the filters.
 * Links list every page when there are few, otherwise a window of 3 either side plus the two ends joined by "...".
 */
export function buildPageMeta(args: {
  page: number;
  perPage: number;
  total: number;
  path: string;
  query?: Record<string, string | number | undefined | null>;
}): PageMeta {
  const { page, perPage, total, path } = args;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 || page > lastPage ? null : (page - 1) * perPage + 1;
  const to = from === null ? null : Math.min(total, page * perPage);
  const url = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(args.query ?? {})) {
      if (v !== undefined && v !== null && v !== '' && k !== 'page') params.set(k, String(v));
    }
    params.set('page', String(p));
    return `${path}?${params.toString()}`;
  };
  const links: PageLink[] = [{ url: page > 1 ? url(page - 1) : null, label: PREVIOUS_LABEL, active: false }];
  for (const item of pageWindow(page, lastPage)) {
    if (item === '...') links.push({ url: null, label: '...', active: false });
    else links.push({ url: url(item), label: String(item), active: item === page });
  }
  links.push({ url: page < lastPage ? url(page + 1) : null, label: NEXT_LABEL, active: false });
  return { current_page: page, from, to, last_page: lastPage, per_page: perPage, total, path, links };
}

/** Laravel's UrlWindow with onEachSide = 3. */
export function pageWindow(page: number, lastPage: number): (number | '...')[] {
  const onEachSide = 3;
  const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  if (lastPage < onEachSide * 2 + 8) return range(1, lastPage);
  const window = onEachSide * 2;
  if (page <= window) return [...range(1, window + 2), '...', lastPage - 1, lastPage];
  if (page > lastPage - window) return [1, 2, '...', ...range(lastPage - (window + 2), lastPage)];
  return [1, 2, '...', ...range(page - onEachSide, page + onEachSide), '...', lastPage - 1, lastPage];
}

/** A blank query value counts as not given, like Laravel's ConvertEmptyStringsToNull. */
export const given = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);

/** The search box's text: case-insensitive contains over an area's obvious text columns. */
export const searchText = () => text(100);

type Lenient<S extends z.ZodRawShape> = z.ZodObject<{ [K in keyof S]: z.ZodCatch<S[K]> }>;

/**
 * The same rules read leniently, for the web's own address bar: a malformed value falls back to what an
 * absent one means (its default, or nothing), so a hand-edited address never breaks a screen.
 */
export function lenientOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>): Lenient<S> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const fallback = (field as z.ZodType).safeParse(undefined).data;
      return [key, (field as z.ZodType).catch(() => fallback)];
    }),
  );
  // Object.fromEntries loses the per-key types that the mapped type restores.
  return z.object(shape) as unknown as Lenient<S>;
}

/**
 * One builder for every paged list request: `page` and `per_page` fall back like Laravel's paginator;
 * `q`, the sort key `s` (a whitelist), the direction `d` and an area's own filters are 422 when given but
 * malformed, so a client's typo never silently widens a list. `strict` is what the server reads;
 * `lenient` is the same rules for the web's address bar.
 */
export function listRequest<
  const Sorts extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape = Record<never, never>,
>(options: { sorts: Sorts; sort: Sorts[number]; direction?: 'asc' | 'desc'; filters?: Filters }) {
  const strict = z.object({
    ...pageQuery.shape,
    q: given(searchText().optional()),
    s: given(z.enum(options.sorts).default(options.sort as never)),
    d: given(z.enum(['asc', 'desc']).default(options.direction ?? 'asc')),
    ...((options.filters ?? {}) as Filters),
  });
  return { strict, lenient: lenientOf(strict) };
}
