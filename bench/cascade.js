// `npm run bench:cascade`: how long a price change takes to reach every rate and variant it touches
// (part 2, point 7), on the demo catalogue and on a large one, and whether order transitions wait for it.
// Flags: --components N (default 20000) --variants-per-component R (default 1.5) --orders N (default 20000).
import { parseArgs } from 'node:util';

import { prepareDataset, withDatabase } from './lib/dataset.js';
import { freePort, startServer } from './lib/server.js';
import { getJson, signIn } from './lib/session.js';

const { values } = parseArgs({
  options: {
    components: { type: 'string', default: '20000' },
    orders: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
  },
});
const COMPONENTS = Number(values.components);
const ROUNDS = Number(values.rounds);
const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bloomline_bench';

/**
 * Grows the demo catalogue into a large one, once: `n` components, each priced in the first profit centre
 * (so that centre is used by every one of their rates), and three variants per two components, each made of
 * five of those rates. Prices start at 0, so the first change reprices every row.
 */
async function growCatalogue(target, n) {
  await withDatabase(target, async (query) => {
    const { rows } = await query(
      `select count(*)::int as n from components where name like 'Bench component %'`,
    );
    if (rows[0].n === n) return;
    console.log(`Growing the catalogue: ${n.toLocaleString('en')} components …`);
    await query(`delete from variant_component_rates where variant_id in (select v.id from product_variants v
      join products p on p.id = v.product_id where p.handle like 'bench-product-%')`);
    await query(`delete from products where handle like 'bench-product-%'`);
    await query(
      `delete from component_rates where component_id in (select id from components where name like 'Bench component %')`,
    );
    await query(`delete from components where name like 'Bench component %'`);
    await query(`insert into components (name, wholesale_excl_vat_cents, unit_id, colour_id)
      select 'Bench component ' || g, 100 + (g * 37) % 5000, (select min(id) from component_units),
        (select min(id) from colours) from generate_series(1, ${n}) g`);
    await query(`insert into component_rates (component_id, profit_centre_id, markup, auto_update)
      select c.id, (select min(id) from profit_centres), 1, true from components c where c.name like 'Bench component %'`);
    await query(`insert into products (title, handle, product_type)
      select 'Bench product ' || g, 'bench-product-' || g, 'Bouquet' from generate_series(1, ${Math.ceil(n / 2)}) g`);
    await query(`insert into product_variants (product_id, title, sku, position)
      select p.id, s.title, 'BENCH-' || p.id || '-' || s.pos, s.pos from products p
      cross join (values ('Standard', 1), ('Deluxe', 2), ('Grand', 3)) s(title, pos) where p.handle like 'bench-product-%'`);
    await query(`with rates as (select id, row_number() over (order by id) - 1 as k from component_rates
        where component_id in (select id from components where name like 'Bench component %'))
      insert into variant_component_rates (variant_id, component_rate_id, quantity)
      select v.id, r.id, 1 + (v.id + j) % 7 from product_variants v
      join products p on p.id = v.product_id and p.handle like 'bench-product-%'
      cross join generate_series(0, 4) j
      join rates r on r.k = (v.id * 5 + j) % ${n}
      on conflict do nothing`);
    await query('vacuum analyze');
  });
}

async function send(baseUrl, cookie, method, path, body) {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)[1]);
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': xsrf },
    body: JSON.stringify(body),
  });
  const ms = performance.now() - started;
  if (!res.ok)
    throw new Error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return ms;
}

/** Open lines with a partner, which staff may accept on the partner's behalf: one transition each. */
async function openLines(baseUrl, cookie) {
  const lines = [];
  for (let page = 1; lines.length < 400 && page < 40; page++) {
    const { data } = await getJson(baseUrl, cookie, `/api/orders?filter=open&per_page=100&page=${page}`);
    if (data.length === 0) break;
    for (const o of data) for (const l of o.lines) if (l.status === 'open' && l.partner) lines.push(l.id);
  }
  return lines;
}

const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return s.length === 0
    ? 'none'
    : `${s.length} transitions, median ${s[Math.floor(s.length / 2)].toFixed(0)} ms, max ${s.at(-1).toFixed(0)} ms`;
};

/** Changes the centre's default markup `ROUNDS` times (each reprices all its rates and their variants). */
async function measure(label, baseUrl, cookie, lines) {
  const { data: centres } = await getJson(baseUrl, cookie, '/api/profit-centres');
  const centre = centres.reduce((a, b) => (b.ratesCount > a.ratesCount ? b : a));
  const { data: variants } = await getJson(baseUrl, cookie, '/api/products?per_page=1');
  console.log(`\n${label}: "${centre.name}" prices ${centre.ratesCount.toLocaleString('en')} rates`);
  for (let round = 0; round < ROUNDS; round++) {
    const markup = round % 2 === 0 ? 1.2 : 1.1;
    const transitions = [];
    let busy = true;
    const during = (async () => {
      while (busy && lines.length > 0) {
        const id = lines.shift();
        transitions.push(await send(baseUrl, cookie, 'POST', '/api/accept-order-line', { id }));
      }
    })();
    const ms = await send(baseUrl, cookie, 'PUT', `/api/profit-centres/${centre.id}`, {
      name: centre.name,
      default_markup: markup,
      default_auto_update: true,
      rebate: centre.rebate,
    });
    busy = false;
    await during;
    console.log(
      `  markup → ${(markup * 100).toFixed(0)} %: ${ms.toFixed(0)} ms; order transitions meanwhile: ${stats(transitions)}`,
    );
  }
  const vat = await getJson(baseUrl, cookie, '/api/settings/vat');
  for (const next of [0.16, vat.data.vat]) {
    const ms = await send(baseUrl, cookie, 'PUT', '/api/settings/vat', { vat: next });
    console.log(`  VAT → ${(next * 100).toFixed(0)} % (every rate): ${ms.toFixed(0)} ms`);
  }
  void variants;
}

for (const [label, grow] of [
  ['Demo catalogue', 0],
  ['Large catalogue', COMPONENTS],
]) {
  const target = {
    engine: 'postgres',
    orders: Number(values.orders),
    databaseUrl: `${BASE}_cascade${grow ? '_large' : ''}`,
  };
  const env = await prepareDataset(target);
  if (grow) await growCatalogue(target, grow);
  const server = await startServer(env, await freePort());
  try {
    const cookie = await signIn(server.baseUrl, 'admin@example.com');
    await measure(label, server.baseUrl, cookie, await openLines(server.baseUrl, cookie));
  } finally {
    await server.stop();
  }
}
