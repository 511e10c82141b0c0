import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { openDatabase } from './client';

describe.runIf(process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  it('survives an idle connection being terminated, and serves the next query on a new one', async () => {
    const lost: Error[] = [];
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: 'memory',
      poolSize: 1,
      onIdleError: (err) => lost.push(err),
    });
    try {
      const pidOf = async () => {
        const result = await database.db.execute(sql`select pg_backend_pid() as pid`);
        return (result as { rows: { pid: number }[] }).rows[0]!.pid;
      };
      const first = await pidOf();
      // What `drop database … with (force)`, a restart or an administrator does to a connection at rest.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [first]);
      await admin.end();
      await expect.poll(() => lost.length).toBe(1);
      expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
      const second = await pidOf();
      expect(second).not.toBe(first);
    } finally {
      await database.close();
    }
  });
});
