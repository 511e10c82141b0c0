import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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
