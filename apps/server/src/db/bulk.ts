import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { DbOrTx } from './client';

/** Rows per statement: a few megabytes of text at most. */
const ROWS_PER_STATEMENT = 5000;

/**
 * Inserts rows fast: one statement per few thousand rows, each column sent as ONE array parameter and
 * spread with unnest(), so PostgreSQL's 65,535-parameter limit never applies and neither drizzle's
 * per-value query building (which dominated the seed's time) nor the server parses thousands of
 * placeholders. Works the same on node-postgres and PGlite because every parameter is a plain string.
 * The seed assigns ids itself (rows point at each other without a round trip); `resetSequences` then
 * moves the counters on.
 */
export async function insertMany<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const all = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  // A column is sent when any row gives it a value; the others take their defaults.
  const used = all.filter(([key]) => rows.some((r) => (r as Record<string, unknown>)[key] !== undefined));
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const slice = rows.slice(i, i + ROWS_PER_STATEMENT) as Record<string, unknown>[];
    const arrays: SQL[] = used.map(([key, column]) => {
      const values = slice.map((r) => {
        const v = r[key];
        if (v === undefined && column.notNull && column.hasDefault) {
          throw new Error(`${getTableName(table)}.${column.name}: some rows give a value, others none`);
        }
        return v;
      });
      const json = column.getSQLType().startsWith('json');
      return sql`${arrayLiteral(values, json)}::${sql.raw(arrayType(column))}`;
    });
    const names = sql.raw(used.map(([, c]) => `"${c.name}"`).join(', '));
    await db.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

function arrayType(column: PgColumn): string {
  const type = column.getSQLType();
  if (type === 'serial') return 'integer[]';
  if (type === 'bigserial') return 'bigint[]';
  return `${type}[]`;
}

/** A PostgreSQL array literal with every element quoted: `{"1","a \"b\"",NULL}`. */
export function arrayLiteral(values: readonly unknown[], json: boolean): string {
  const parts = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    let text: string;
    if (json) text = JSON.stringify(v);
    else if (v instanceof Date) text = v.toISOString();
    else if (typeof v === 'string') text = v;
    else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') text = String(v);
    else text = JSON.stringify(v);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${parts.join(',')}}`;
}

/** Sets every serial id sequence of the given tables past the highest id in use. */
export async function resetSequences(db: DbOrTx, tables: readonly PgTable[]): Promise<void> {
  for (const table of tables) {
    const name = getTableName(table);
    const hasId = Object.values(getTableColumns(table)).some(
      (c) => c.name === 'id' && c.columnType === 'PgSerial',
    );
    if (!hasId) continue;
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((select max(id) from "${name}"), 0) + 1, false)`,
      ),
    );
  }
}

/** Hands out consecutive ids per table, starting at 1. */
export class IdCounter {
  private value = 0;

  next(): number {
    this.value += 1;
    return this.value;
  }

  get last(): number {
    return this.value;
  }
}

/**
 * The rows of a raw statement, on either driver (node-postgres and PGlite both answer `{ rows }`, which the
 * shared database type leaves unknown). For the few statements drizzle's builder cannot write, such as
 * `update … from unnest(…)`.
 */
export async function rowsOf<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
