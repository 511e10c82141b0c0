import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import type { Placeholder } from 'drizzle-orm';

import { unpreparedPools, type Db } from './client';

/**
 * A hot path's statement, written once as SQL text with `$n` parameters (issue 34: the shop's door). Nothing is
 * built per request: on PostgreSQL it runs under its own name, so each connection parses and plans it once and
 * then only binds values; drizzle's builder (a fifth of the server's time per order before) is not involved.
 * Its text is what pgbench runs beside the API in `npm run bench`.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

export const statement = (name: string, text: string): Statement => ({
  name: `st_${name}`,
  text: text.replace(/\s+/g, ' ').trim(),
});

/** The rows `s` answers for `values`, on either engine (the pool's own connection, outside a transaction). */
export async function runStatement<T extends Record<string, unknown>>(
  db: Db,
  s: Statement,
  values: readonly unknown[],
): Promise<T[]> {
  // drizzle keeps the driver's client as `$client` on both engines; the shared type leaves it out.
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    const name = unpreparedPools.has(client) ? undefined : s.name;
    const result = await client.query<T>({ name, text: s.text, values: [...values] });
    return result.rows;
  }
  return (await client.query<T>(s.text, [...values])).rows;
}

/**
 * A value a statement binds: the value itself, or the placeholder (`sql.placeholder`) it is bound to at each
 * execution when the statement is built once and run many times (`builtOnce`).
 */
export type Bind<T> = T | Placeholder;

/** How many built statements each database keeps (the least recently used goes first). */
const SHAPES_KEPT = 500;
const shapes = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement built once per database (or transaction) and shape, then only run with its values (issue 39): the
 * shape is whatever changes a statement's text (which filters a list has, its sort, its page's size and offset,
 * written as numbers), the values its placeholders. `key` names the family and the shape; `build` makes the
 * statement (a drizzle query `.prepare('')`d with `sql.placeholder`s), once. Statements are kept per
 * database, up to SHAPES_KEPT in all, the least recently used dropped first (one is cheap to build again).
 */
export function builtOnce<T>(db: object, key: string, build: () => T): T {
  let built = shapes.get(db);
  if (!built) shapes.set(db, (built = new Map<string, unknown>()));
  const found = built.get(key) as T | undefined;
  if (found !== undefined) {
    // Most recently used last: a Map keeps insertion order.
    built.delete(key);
    built.set(key, found);
    return found;
  }
  const made = build();
  built.set(key, made);
  if (built.size > SHAPES_KEPT) built.delete(built.keys().next().value as string);
  return made;
}
