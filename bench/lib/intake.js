// The shop's door in the bench (issue 34): orders sent to POST /api/intake/orders with API keys, each with an
// externalId of its own, beside the bare SQL that makes the same order (pgbench, in one transaction, a fresh
// externalId and the new order's own id in every run).
import utils from 'pg/lib/utils.js';

/** Keys the load is spread over: each may make 600 calls a minute (DECISIONS.md), the load far more. */
export const BENCH_KEYS = 200;

const xsrfOf = (cookie) => decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '');

/** As staff: the keys, made through the API as on System → API keys, and an active variant to order. */
export async function prepareShop(baseUrl, staffCookie, keyCount = BENCH_KEYS) {
  const keys = [];
  const ids = [];
  for (let i = 0; i < keyCount; i++) {
    const res = await fetch(`${baseUrl}/api/api-keys`, {
      method: 'POST',
      headers: {
        cookie: staffCookie,
        'content-type': 'application/json',
        accept: 'application/json',
        'x-xsrf-token': xsrfOf(staffCookie),
      },
      body: JSON.stringify({ name: `Bench shop ${i + 1}` }),
    });
    if (res.status !== 201) throw new Error(`POST /api/api-keys answered ${res.status}: ${await res.text()}`);
    const { key, id } = (await res.json()).data;
    keys.push(key);
    ids.push(id);
    // Its first use (audited once) now, so that no measured request is a key's first.
    await fetch(`${baseUrl}/api/intake/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    }).then((r) => r.arrayBuffer());
  }
  const products = await fetch(`${baseUrl}/api/products?status=active&per_page=1&s=title&d=asc`, {
    headers: { cookie: staffCookie, accept: 'application/json' },
  }).then((r) => r.json());
  const variant = products.data[0]?.variants[0];
  if (!variant) throw new Error('the catalogue has no active product for the intake to order');
  return { keys, ids, variant, next: 0, run: Date.now().toString(36) };
}

/** Johannesburg's today (UTC+2 all year) plus a day. */
const tomorrow = () => new Date(Date.now() + (2 + 24) * 3600_000).toISOString().slice(0, 10);

/** The n-th order of a run: two lines of the variant, a new externalId every time. */
export function intakeBody(shop, n) {
  return JSON.stringify({
    externalId: `bench-${shop.run}-${n}`,
    source: 'web',
    paymentType: 'card',
    customer: { name: 'Bench Buyer', email: 'bench.buyer@example.com', phone: '+27 82 555 0100' },
    recipient: {
      firstName: 'Naledi',
      lastName: 'Bench',
      phone: '+27 83 555 0199',
      address1: '14 Bree Street',
      city: 'Cape Town',
      postalCode: '8001',
      latitude: -33.9205,
      longitude: 18.4187,
    },
    deliveryDate: tomorrow(),
    deliveryFee: 99,
    notes: 'Ring twice.',
    lines: [
      { productVariantId: shop.variant.id, quantity: 1, value: shop.variant.price, giftMessage: 'With love' },
      { productVariantId: shop.variant.id, quantity: 2, value: shop.variant.price },
    ],
  });
}

/** One order sent as the shop sends it (answered as the API does); throws unless it was made (201). */
export async function postIntake(baseUrl, shop) {
  const n = shop.next++;
  const res = await fetch(`${baseUrl}/api/intake/orders`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${shop.keys[n % shop.keys.length]}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: intakeBody(shop, n),
  });
  if (res.status !== 201)
    throw new Error(`POST /api/intake/orders answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data;
}

/** autocannon's options for the load: each request a new order, the keys taken in turn. */
export function intakeLoad(url, shop, connections, duration) {
  return {
    url,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const n = shop.next++;
          return {
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${shop.keys[n % shop.keys.length]}` },
            body: intakeBody(shop, n),
          };
        },
      },
    ],
  };
}

const wire = (value) => utils.prepareValue(value);

/**
 * The pgbench script of one intake request, from its captured statements (transactions kept): the order's
 * externalId is new in every run (the client and a random number), the key whose minute is counted is one of
 * the bench's keys at random (as the load spreads over them), and the new order's id, read back with `\gset`
 * from the statement that writes it (`insert into orders`, numbered from the sequence there: its `made`), is
 * what the statements after it name (the answer's read: `"orders"."id" = $n`).
 */
export function intakeScript(statements, { keyIds }) {
  const writeAt = statements.findIndex((s) => /\binsert into "?orders"? \(/i.test(s.text));
  if (writeAt < 0) throw new Error('the intake request inserted no order');
  const externalId = statements[writeAt].values.find((v) => typeof v === 'string' && v.startsWith('bench-'));
  // The new order's id as the statements after the write were given it.
  const orderId = statements.slice(writeAt + 1).flatMap((s) => {
    const n = /"orders"\."id" = \$(\d+)/.exec(s.text)?.[1];
    return n ? [s.values[Number(n) - 1]] : [];
  })[0];
  const defines = [];
  const lines = [
    '\\set uid random(1, 2000000000)',
    `\\set kid random(${Math.min(...keyIds)}, ${Math.max(...keyIds)})`,
  ];
  statements.forEach((s, i) => {
    const keyUpdate = /^update "?api_keys"?/i.test(s.text);
    const sql = s.text.replace(/\$(\d+)\b/g, (_, n) => {
      const value = wire(s.values[Number(n) - 1]);
      if (value === null || value === undefined) return 'NULL';
      if (value === externalId) return `('bench-' || :client_id || '-' || :uid)`;
      if (i > writeAt && orderId !== undefined && value === wire(orderId))
        return "((:made)::json->>'id')::int";
      if (keyUpdate && keyIds.map(String).includes(String(value))) return ':kid';
      const name = `v${i}_${n}`;
      defines.push(`${name}=${value}`);
      return `:${name}`;
    });
    const flat = sql.replace(/\s+/g, ' ').trim();
    lines.push(i === writeAt ? `${flat}\n\\gset` : `${flat};`);
  });
  return { script: lines.join('\n') + '\n', defines };
}
