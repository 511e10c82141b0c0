import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { keepDemoKey } from './demo-seed/demo-key';
import { DEMO_USERS } from './demo-seed/demo-users';
import { isSeeded, missingDemoPictures } from './demo-seed/seeded';
import { serveMetrics } from './lib/metrics-server';

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
    const { drawDemoPictures } = await import('./demo-seed/pictures');
    const drawn = await drawDemoPictures(database.db);
    if (drawn > 0) console.log(`Drew ${String(drawn)} demo product pictures.`);
    return false;
  }
  console.log(`Empty database: seeding ${String(config.seedOrders)} demo orders into ${where} …`);
  const { seedDatabase } = await import('./demo-seed');
  const summary = await seedDatabase(database.db, {
    orders: config.seedOrders,
    log: (m) => console.log(`  ${m}`),
  });
  console.log(`Seeded ${String(summary.orders)} orders in ${(summary.ms / 1000).toFixed(1)} s.`);
  return keepDemoKey(config.dataDir, summary.demoKey);
});

const app = await buildApp({ config, database });

// A separate port for /metrics (METRICS_PORT), never the balancer's: no token needed there.
const metricsServer = config.metrics.port
  ? await serveMetrics(app, config.metrics.host, config.metrics.port)
  : undefined;

let closing = false;
/**
 * Graceful drain (issue 38): /ready says 503 at once; after SHUTDOWN_DELAY_SECONDS the port closes (a balancer
 * sends new connections elsewhere), live streams end with a retry hint, requests in flight are answered, the
 * job in hand finishes or is handed back, then the pool closes. SHUTDOWN_GRACE_SECONDS bounds the wait:
 * connections still open then are cut, and a process that still has not stopped exits anyway.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.lifecycle.startDraining();
  const { graceMs, delayMs } = config.shutdown;
  app.log.info({ signal, graceMs, delayMs }, 'stopping: draining requests and jobs');
  const force = setTimeout(
    () => {
      app.log.error('still not stopped after the grace: exiting');
      process.exit(1);
    },
    delayMs + 2 * graceMs + 5_000,
  );
  force.unref();
  try {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
    cut.unref();
    await app.close();
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    await database.close();
    app.log.info('stopped');
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
