import { parseArgs } from 'node:util';

import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './demo-seed';
import { keepDemoKey, showDemoKey } from './demo-seed/demo-key';

/** `seed [--orders N] [--reset]`: migrates, then fills the database with the demo marketplace. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', short: 'n' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Usage: seed [--orders N] [--reset]\n  --orders N  how many orders (default SEED_ORDERS or 3000)\n  --reset     empty the database first',
    );
    return;
  }
  const orders = values.orders === undefined ? config.seedOrders : Number(values.orders);
  if (!Number.isInteger(orders) || orders < 0)
    throw new Error(`--orders must be a whole number, not "${String(values.orders)}"`);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const where =
      database.engine === 'postgres'
        ? 'PostgreSQL (DATABASE_URL)'
        : `embedded PostgreSQL in ${config.dataDir}`;
    console.log(`Database: ${where}`);
    await database.migrate();
    const summary = await seedDatabase(database.db, {
      orders,
      reset: values.reset,
      log: (m) => console.log(m),
    });
    console.log(
      `Seeded ${String(summary.orders)} orders (${String(summary.lines)} lines), ${String(summary.partners)} partners and ` +
        `${String(summary.users)} users in ${(summary.ms / 1000).toFixed(1)} s.`,
    );
    // The file in DATA_DIR goes with the embedded database there; a seed of another database (the bench's)
    // must not replace the key the local app's demo command reads.
    const lines =
      database.engine === 'postgres'
        ? showDemoKey(summary.demoKey)
        : keepDemoKey(config.dataDir, summary.demoKey);
    console.log(lines.join('\n'));
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
