// The fleet test (issue 38): three instances of the built server over one PostgreSQL database behind nginx,
// as `npm run fleet` runs them. CI runs it with DATABASE_URL (`npm run test:fleet`); it makes a database of
// its own on that server and drops it at the end.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Client, openStream, request } from './client.mjs';
import { freePorts, startFleet } from './fleet.mjs';
import { openShop } from './shop.mjs';

const ADMIN_URL = process.env.DATABASE_URL;
const NAME = `fleet_t_${String(process.pid)}_${Math.random().toString(36).slice(2, 7)}`;
const STAFF = 'admin@example.com';
const FLORIST = 'florist@example.com';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @type {Awaited<ReturnType<typeof startFleet>>} */
let fleet;
/** @type {pg.Pool} */
let db;
/** @type {Client} */
let staff;
/** @type {Client} */
let florist;
/** @type {Awaited<ReturnType<typeof openShop>>} */
let shop;
const dir = path.join(os.tmpdir(), NAME);

const rows = async (text, values = []) => (await db.query(text, values)).rows;

beforeAll(async () => {
  if (!ADMIN_URL)
    throw new Error('the fleet test needs DATABASE_URL (a PostgreSQL server it may create a database on)');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${NAME}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${NAME}`;
  db = new pg.Pool({ connectionString: url.toString(), max: 2 });
  fleet = await startFleet({
    size: 3,
    // FLEET_PORT, or the first four free ports from 3600: a port taken on the machine fails no run.
    port: process.env.FLEET_PORT ? Number(process.env.FLEET_PORT) : await freePorts(4, 3600),
    databaseUrl: url.toString(),
    dir,
    env: {
      SEED_ORDERS: '60',
      LOG_LEVEL: 'info',
      STATEMENT_RUN_POLL_SECONDS: '0.5',
      JOB_POLL_SECONDS: '0.5',
      // /ready says 503 for this long after SIGTERM before the port closes.
      SHUTDOWN_DELAY_SECONDS: '1',
      SHUTDOWN_GRACE_SECONDS: '10',
    },
  });
  staff = new Client(fleet.url);
  await staff.signIn(STAFF);
  florist = new Client(fleet.url);
  await florist.signIn(FLORIST);
  shop = await openShop(staff, FLORIST);
}, 300_000);

afterAll(async () => {
  await fleet?.close();
  await db?.end();
  if (ADMIN_URL) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${NAME} with (force)`);
    await admin.end();
  }
}, 60_000);

/** The lines of the instances' logs (pino JSON), every instance. */
function serverLog() {
  return fleet.instances.flatMap((i) =>
    readFileSync(path.join(i.dataDir, 'server.log'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l)),
  );
}

describe('a fleet of three behind nginx', () => {
  it('answers the API through the balancer, round robin, with request ids that the logs carry', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await staff.get('/api/orders?per_page=5'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const first = JSON.parse(answers[0].body);
    expect(first.data).toHaveLength(5);
    for (const path of ['/api/partners', '/api/products', '/api/me', '/api/reporting/statements/month-end'])
      expect((await staff.get(path)).status, path).toBe(200);
    // The partner sees only its own orders, whichever instance answers.
    const mine = JSON.parse((await florist.get('/api/orders?per_page=50')).body);
    expect(mine.data.length).toBeGreaterThan(0);
    // nginx gives each request an id; the instance answers with it and logs its lines under it.
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    await sleep(200);
    const log = serverLog();
    const served = new Set(
      ids.map((id) => log.find((l) => l.reqId === id && l.msg === 'request completed')?.pid),
    );
    // Round robin: the six went to all three instances.
    expect(served.size).toBe(3);
    // The client's address is nginx's to say: one the client wrote is not taken (throttles count by it).
    const spoofed = await staff.get('/api/me', { 'x-forwarded-for': '203.0.113.9' });
    await sleep(200);
    const incoming = serverLog().find((l) => l.reqId === spoofed.headers['x-request-id'] && l.req);
    expect(incoming?.req.remoteAddress).toBe('127.0.0.1');
    // X-Forwarded-Host with its port and X-Forwarded-Proto reach the app (TRUST_PROXY): its links point here.
    const product = JSON.parse((await staff.get('/api/products?per_page=1')).body).data[0];
    const detail = JSON.parse((await staff.get(`/api/products/${String(product.id)}`)).body).data;
    expect(JSON.stringify(detail)).toContain(`${fleet.url}/`);
    // Metrics are not reachable through the balancer.
    expect((await staff.get('/metrics')).status).toBe(404);
  });

  it('tells a phone on one instance of an order placed on another', async () => {
    const stream = await openStream(florist.at(fleet.direct(0)));
    expect(stream.status).toBe(200);
    try {
      const placed = await shop.order(staff.at(fleet.direct(1)), 1);
      expect(placed.status, placed.body).toBe(201);
      const order = JSON.parse(placed.body).data;
      for (let i = 0; i < 100 && !stream.events.some((e) => e.event === 'new-order'); i += 1) await sleep(50);
      const heard = stream.events.filter((e) => e.event === 'new-order').map((e) => JSON.parse(e.data));
      expect(heard.map((e) => e.orderId)).toContain(order.id);
    } finally {
      stream.close();
    }
  });

  it('holds a throttle across instances: failed sign-ins spread over all three are counted together', async () => {
    const guests = [0, 1, 2].map((i) => new Client(fleet.direct(i)));
    for (const g of guests) await g.get('/sanctum/csrf-cookie');
    const statuses = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push(
        (await guests[i % 3].post('/api/login', { email: 'florist2@example.com', password: 'wrong' })).status,
      );
    // Five tries (MAX_LOGIN_ATTEMPTS) are refused as wrong, then every instance says "too many".
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
  });

  it('works a month-end run started on one instance on all of them, and sends each partner once', async () => {
    // Every partner user reads statements: a run of a few dozen partners.
    await db.query(
      `update users set partner_statements = true where role_id = (select id from roles where slug = 'partner')`,
    );
    const month = JSON.parse((await staff.get('/api/reporting/statements/month-end')).body).data.month;
    const start = await staff.at(fleet.direct(0)).post('/api/reporting/statements/month-end', {});
    expect(start.status, start.body).toBe(202);
    const total = JSON.parse(start.body).data.total;
    expect(total).toBeGreaterThanOrEqual(10);
    let run;
    for (let i = 0; i < 600; i += 1) {
      run = JSON.parse((await staff.get('/api/reporting/statements/month-end')).body).data;
      if (run.toGo === 0) break;
      await sleep(100);
    }
    expect(run).toMatchObject({ month, total, sent: total, failed: 0, toGo: 0 });
    // Worked by every instance (each takes jobs as they come).
    const workers = await rows(`select distinct worked_by from statement_jobs where month = $1`, [month]);
    expect(new Set(fleet.instances.map((i) => `${os.hostname()}:${String(i.proc.pid)}`))).toEqual(
      new Set(workers.map((w) => w.worked_by)),
    );
    // Each partner's statement went out once: one message per partner across the instances' outboxes.
    const mails = () =>
      fleet.instances.flatMap((i) => {
        const outbox = path.join(i.dataDir, 'outbox');
        let files = [];
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith('.json'));
        } catch {
          return [];
        }
        return files
          .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')))
          .filter((m) => m.attachments?.[0]?.filename.endsWith(`-${month}-summary.pdf`));
      });
    expect(mails()).toHaveLength(total);
    expect(new Set(run.partners.map((p) => p.to)).size).toBe(total);
    // Started again on another instance: nothing is sent twice.
    const again = await staff.at(fleet.direct(2)).post('/api/reporting/statements/month-end', {});
    expect(JSON.parse(again.body).data).toMatchObject({ total, sent: total, toGo: 0 });
    await sleep(1_500);
    expect(mails()).toHaveLength(total);
  });

  it('drains on SIGTERM: the requests in flight are answered, /ready says 503, the port closes', async () => {
    const direct = staff.at(fleet.direct(2));
    const inFlight = Array.from({ length: 24 }, () => direct.get('/api/orders?per_page=100'));
    await sleep(30);
    fleet.instances[2].proc.kill('SIGTERM');
    await sleep(50);
    expect((await request(`${fleet.direct(2)}/ready`)).status).toBe(503);
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(200));
    expect(await fleet.instances[2].exited).toBe(0);
    await expect(request(`${fleet.direct(2)}/health`)).rejects.toThrow(/ECONNREFUSED/);
    await fleet.start(2);
  });

  it('loses nothing half-written when an instance is killed mid-load, and the others serve on', async () => {
    const results = [];
    const stopAt = Date.now() + 4_000;
    let killedAt = Infinity;
    const worker = async () => {
      while (Date.now() < stopAt) {
        const t = Date.now();
        try {
          const placed = await shop.order(staff, 2);
          results.push({ t, status: placed.status, kind: 'order' });
          if (placed.status !== 201) continue;
          const order = JSON.parse(placed.body).data;
          const t2 = Date.now();
          const accepted = await florist.post(`/api/orders/${String(order.id)}/accept`);
          results.push({ t: t2, status: accepted.status, kind: 'accept' });
        } catch (err) {
          results.push({ t, status: 0, kind: String(err) });
        }
      }
    };
    const load = Promise.all([worker(), worker(), worker(), worker()]);
    await sleep(1_500);
    killedAt = Date.now();
    fleet.instances[1].proc.kill('SIGKILL');
    await load;
    // In flight on the killed instance when it died: those may fail (a POST is never resent). Everything
    // asked for after that was answered by the others.
    const later = results.filter((r) => r.t > killedAt + 300);
    expect(later.length).toBeGreaterThan(10);
    expect(later.filter((r) => r.status !== 200 && r.status !== 201)).toEqual([]);
    // No transition half-written: a line is accepted exactly when its history and audit say so.
    const [torn] = await rows(`
      select count(*)::int as n from order_lines l join orders o on o.id = l.order_id
      where o.created_at > now() - interval '2 minutes' and (
        (l.status = 'accepted') <> exists (select 1 from order_history h where h.order_line_id = l.id and h.status = 2)
        or (l.status = 'accepted') <> exists (select 1 from audit_entries a where a.property_type = 'order line'
             and a.property_id = l.id and a.new_values->>'status' = 'accepted'))`);
    expect(torn.n).toBe(0);
    // No order without its lines.
    const [empty] = await rows(`
      select count(*)::int as n from orders o where o.created_at > now() - interval '2 minutes'
        and not exists (select 1 from order_lines l where l.order_id = o.id)`);
    expect(empty.n).toBe(0);
    await fleet.start(1);
  });

  it('answers every request during a rolling restart of the whole fleet under load', async () => {
    const results = [];
    let rolling = true;
    const worker = async (n) => {
      for (let i = 0; rolling; i += 1) {
        const write = (i + n) % 4 === 0;
        try {
          const res = write
            ? await shop.order(staff, 1)
            : await staff.get(i % 2 ? '/api/orders?per_page=20' : '/api/partners');
          results.push(res.status);
        } catch (err) {
          results.push(String(err));
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    await sleep(300);
    await fleet.roll();
    rolling = false;
    await load;
    const failed = results.filter((r) => r !== 200 && r !== 201);
    console.log(
      `rolling restart under load: ${String(results.length)} requests sent, ${String(results.length - failed.length)} answered 2xx`,
    );
    expect(results.length).toBeGreaterThan(50);
    expect(failed).toEqual([]);
    // Every instance is a new process, and all three answer.
    for (const i of [0, 1, 2]) expect((await request(`${fleet.direct(i)}/ready`)).status).toBe(200);
  });
});
