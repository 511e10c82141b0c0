// Many at once in the bench (issue 40): a partner accepting 100 orders in one call (and staff assigning them
// first, also one call), measured call by call. Each round needs 100 orders no call has touched yet: the shop
// sends them through its door, so what is measured is the product's own path end to end. Not autocannon: a call
// changes what the next would find, so the same request cannot be repeated.
import { postIntake, prepareShop } from './intake.js';
import { getJson } from './session.js';
import { percentile } from './stats.js';

/** Orders a call (the "100-order bulk accept"). */
export const BULK_SIZE = 100;

const xsrfOf = (cookie) => decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '');

/** One POST /api/orders/bulk; answers its milliseconds, and throws unless every order was done. */
async function bulkCall(baseUrl, cookie, body) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/orders/bulk`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': xsrfOf(cookie),
    },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`POST /api/orders/bulk answered ${res.status}: ${JSON.stringify(answer)}`);
  if (answer.data.refused.length > 0)
    throw new Error(
      `bulk ${body.action} refused ${answer.data.refused.length}: ${answer.data.refused[0].message}`,
    );
  return ms;
}

/** `count` new orders from the shop, a few at a time; answers their ids. */
async function newOrders(baseUrl, shop, count) {
  const ids = [];
  for (let i = 0; i < count; i += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, count - i) }, () => postIntake(baseUrl, shop)),
    );
    ids.push(...batch.map((o) => o.id));
  }
  return ids;
}

const summary = (name, connections, times, seconds) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    connections,
    rps: times.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: Math.round((times.reduce((s, t) => s + t, 0) / times.length) * 100) / 100,
    errors: 0,
  };
};

/**
 * `rounds` rounds at each concurrency: the shop sends 100 orders per call to come, staff assign each hundred to
 * the partner in one call, then the partner accepts each hundred in one call (`connections` hundreds at once,
 * each on its own orders). Answers rows for the results table (req/s = calls a second; each call is 100 orders).
 */
export async function bulkScenario(baseUrl, cookies, { connections, rounds }) {
  const shop = await prepareShop(baseUrl, cookies.staff, 10);
  const partnerId = (await getJson(baseUrl, cookies.partner, '/api/me')).data.partner.id;
  const rows = [];
  for (const c of connections) {
    const groups = [];
    for (let r = 0; r < rounds * c; r++) groups.push(await newOrders(baseUrl, shop, BULK_SIZE));
    const assign = [];
    const accept = [];
    let assignSeconds = 0;
    let acceptSeconds = 0;
    for (let r = 0; r < rounds; r++) {
      const these = groups.slice(r * c, (r + 1) * c);
      let started = performance.now();
      assign.push(
        ...(await Promise.all(
          these.map((ids) => bulkCall(baseUrl, cookies.staff, { action: 'assign', ids, partnerId })),
        )),
      );
      assignSeconds += (performance.now() - started) / 1000;
      started = performance.now();
      accept.push(
        ...(await Promise.all(
          these.map((ids) => bulkCall(baseUrl, cookies.partner, { action: 'accept', ids })),
        )),
      );
      acceptSeconds += (performance.now() - started) / 1000;
    }
    rows.push(summary(`bulk-assign-${BULK_SIZE}`, c, assign, assignSeconds));
    rows.push(summary(`bulk-accept-${BULK_SIZE}`, c, accept, acceptSeconds));
    const last = rows.at(-1);
    console.log(
      `API bulk-accept-${BULK_SIZE} ×${c}: ${rounds} rounds, p50 ${last.p50} ms, p99 ${last.p99} ms (${Math.round(BULK_SIZE * last.rps * 10) / 10} orders/s)`,
    );
  }
  return rows;
}
