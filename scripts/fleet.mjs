// `npm run fleet`: FLEET_SIZE instances (3) of the built server over DATABASE_URL behind nginx on FLEET_PORT
// (8080; the instances on the ports after it). Ctrl-C stops them all (drained); SIGHUP to this process rolls
// them one by one, the way a deploy does.
import os from 'node:os';
import path from 'node:path';

import { startFleet } from './fleet/fleet.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'fleet: set DATABASE_URL to a PostgreSQL database (the fleet shares it), e.g.\n' +
      '  DATABASE_URL=postgres://user@127.0.0.1:5432/bloomline npm run fleet',
  );
  process.exit(1);
}
const size = Number(process.env.FLEET_SIZE ?? 3);
const port = Number(process.env.FLEET_PORT ?? 8080);
const dir = process.env.FLEET_DIR ?? path.join(os.tmpdir(), `bloomline-fleet-${String(port)}`);

let fleet;
try {
  fleet = await startFleet({ size, port, databaseUrl, dir, log: (line) => console.log(`fleet: ${line}`) });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
console.log(`
  Bloomline fleet: ${fleet.url}  (${String(size)} instances, nginx round robin; logs in ${dir})
  Instances: ${fleet.instances.map((i) => `http://127.0.0.1:${String(i.port)}`).join('  ')}
  Rolling restart: kill -HUP ${String(process.pid)}     Stop: Ctrl-C
`);

let busy = false;
process.on('SIGHUP', () => {
  if (busy) return;
  busy = true;
  console.log('fleet: rolling restart…');
  fleet
    .roll()
    .then(() => console.log('fleet: every instance restarted'))
    .catch((err) => console.error('fleet: rolling restart failed:', err))
    .finally(() => (busy = false));
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    console.log('fleet: stopping…');
    void fleet.close().then(() => process.exit(0));
  });
