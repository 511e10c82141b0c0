import type { ServerResponse } from 'node:http';

import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/**
 * The app as `main.ts` runs it, for the kill test (`lib/idempotency.kill.test.ts`): on the database the test
 * prepared (DATABASE_URL, else the embedded one in DATA_DIR), on a port of the system's choosing, which it
 * prints as `listening <port>`. With CRASH_AFTER_COMMIT=1 the process kills itself (SIGKILL, as `kill -9`)
 * when it is about to answer the first request carrying an Idempotency-Key: after the handler's transaction
 * committed, before a byte of the answer is written. Nothing in the product knows of it.
 */
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  JOBS_SCHEDULE: 'false',
  JOB_POLL_SECONDS: '0.5',
});
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 4,
});
await database.migrate();
const app = await buildApp({ config, database, mailer: { send: async () => undefined } });

if (process.env.CRASH_AFTER_COMMIT === '1') {
  app.server.prependListener(
    'request',
    (request: { headers: Record<string, unknown> }, res: ServerResponse) => {
      if (request.headers['idempotency-key'] === undefined) return;
      const writeHead = res.writeHead.bind(res);
      res.writeHead = ((...args: Parameters<typeof writeHead>) => {
        process.kill(process.pid, 'SIGKILL');
        return writeHead(...args);
      }) as typeof res.writeHead;
    },
  );
}

const address = await app.listen({ host: config.host, port: 0 });
process.stdout.write(`listening ${new URL(address).port}\n`);
