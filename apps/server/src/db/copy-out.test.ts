import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { type CopyRow, copyOut, copyTextRows, literal } from './copy-out';

describe("COPY's text format", () => {
  it('reads columns between tabs, a row per line, NULL as \\N', () => {
    expect(copyTextRows('1\tRoses\t\\N\t\n2\t\t3.5\tt\n')).toEqual([
      ['1', 'Roses', null, ''],
      ['2', '', '3.5', 't'],
    ]);
  });

  it('turns the escapes PostgreSQL writes back into their characters', () => {
    // What COPY writes for: a tab, a line break, a carriage return, a backslash, the two characters "\N".
    expect(copyTextRows('a\\tb\tc\\nd\\re\tback\\\\slash\t\\\\N\n')).toEqual([
      ['a\tb', 'c\nd\re', 'back\\slash', '\\N'],
    ]);
  });

  it('keeps accents and symbols, and reads only whole lines', () => {
    expect(copyTextRows('Zoë — ✿\tx\npartial')).toEqual([['Zoë — ✿', 'x']]);
  });
});

/** On PostgreSQL (the API suite's second run, with DATABASE_URL): a reader that goes away stops the COPY. */
describe.runIf(process.env.DATABASE_URL)('copyOut on PostgreSQL', () => {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  afterAll(() => pool.end());

  const running = async (tag: string) =>
    (
      await pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`,
        [`copy (%${tag}%`],
      )
    ).rows[0]!.n;

  it('streams every row, and a literal is written in safely', async () => {
    const rows: CopyRow[] = [];
    const query = sql`select g, ${literal("it's \\ fine")} from generate_series(1, 50000) g`;
    for await (const piece of copyOut(pool, query)) rows.push(...piece);
    expect(rows).toHaveLength(50_000);
    expect(rows[49_999]).toEqual(['50000', "it's \\ fine"]);
  });

  it('refuses bind parameters (COPY takes none)', async () => {
    const reader = copyOut(pool, sql`select ${1}`);
    await expect(reader.next()).rejects.toThrow(/no parameters/);
  });

  it('ends the statement on the server when the reader goes away', async () => {
    // Ten gigabytes: it would run for minutes if closing the connection did not stop it.
    const tag = 'endless_copy_test';
    const query = sql`select g, repeat('x', 1000) as ${sql.raw(tag)} from generate_series(1, 10000000) g`;
    const controller = new AbortController();
    const reader = copyOut(pool, query, controller.signal);
    expect((await reader.next()).value?.length).toBeGreaterThan(0);
    expect(await running(tag)).toBe(1);
    controller.abort();
    // Closed at once, while the reader still waits at its `yield` (a consumer may never resume it).
    await expect.poll(() => running(tag), { timeout: 10_000 }).toBe(0);
    expect((await reader.next()).done).toBe(true);
  });

  it('ends it too when the consumer stops reading (return)', async () => {
    const tag = 'returned_copy_test';
    const query = sql`select g, repeat('x', 1000) as ${sql.raw(tag)} from generate_series(1, 10000000) g`;
    for await (const piece of copyOut(pool, query)) {
      expect(piece.length).toBeGreaterThan(0);
      break;
    }
    await expect.poll(() => running(tag), { timeout: 10_000 }).toBe(0);
  });
});
