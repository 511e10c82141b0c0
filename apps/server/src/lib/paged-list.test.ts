import { PgDialect, pgTable, QueryBuilder, serial } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

import { containsPattern, sqlInteger } from './paged-list';

const rows = pgTable('rows', { id: serial('id').primaryKey() });
const dialect = new PgDialect();

describe('sqlInteger', () => {
  it('writes the page size and offset into the statement as numbers, not parameters', () => {
    const qb = new QueryBuilder();
    const query = dialect.sqlToQuery(
      qb.select().from(rows).limit(sqlInteger(15)).offset(sqlInteger(30)).getSQL(),
    );
    expect(query.sql).toMatch(/limit 15 offset 30$/);
    expect(query.params).toEqual([]);
  });

  it('refuses anything but a whole number of rows', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => sqlInteger(bad)).toThrow(/not a row count/);
    }
  });
});

describe('containsPattern', () => {
  it('escapes LIKE’s own characters so they match themselves', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
