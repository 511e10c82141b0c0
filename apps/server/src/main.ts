import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { keepDemoKey } from './db/seed/demo-key';
import { DEMO_USERS } from './db/seed/demo-users';
import { isSeeded, missingDemoPictures } from './db/seed/seeded';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  preparedStatements: config.databasePreparedStatements,
  traceFile: config.sqlTraceFile,
  onIdleError: (err) => console.error(`A pooled PostgreSQL connection was lost: ${err.message}`),
});
const where = config.databaseUrl ? 'PostgreSQL' : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;

// Several instances may start at once against one PostgreSQL: they take turns to migrate and seed.
const seededNow = await database.withStartupLock(async (): Promise<string[] | false> => {
  await database.migrate();
  // The seed and its drawings are a chunk of their own (build.mjs), loaded only when there is work for them.
  if (await isSeeded(database.db)) {
    // Seeded by a version that drew the demo pictures on request: they are drawn once now instead.
    if ((await missingDemoPictures(database.db)).length === 0) return false;
    const { drawDemoPictures } = await import('./db/seed/pictures');
    const drawn = await drawDemoPictures(database.db);
    if (drawn > 0) console.log(`Drew ${String(drawn)} demo product pictures.`);
    return false;
  }
  console.log(`Empty database: seeding ${String(config.seedOrders)} demo orders into ${where} …`);
  const { seedDatabase } = await import('./db/seed');
  const summary = await seedDatabase(database.db, {
    orders: config.seedOrders,
    log: (m) => console.log(`  ${m}`),
  });
  console.log(`Seeded ${String(summary.orders)} orders in ${(summary.ms / 1000).toFixed(1)} s.`);
  return keepDemoKey(config.dataDir, summary.demoKey);
});

const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
const url = `http://localhost:${String(config.port)}`;
console.log(
  [
    '',
    `  Bloomline back office is running on ${url}  (database: ${where}${seededNow ? ', freshly seeded' : ''})`,
    '',
    '  Demo sign-ins (password: password):',
    ...DEMO_USERS.map((u) => `    ${u.email.padEnd(24)} ${u.description}`),
    '',
    ...(seededNow ? [...seededNow, ''] : []),
  ].join('\n'),
);
