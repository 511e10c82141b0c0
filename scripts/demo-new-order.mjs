// `npm run demo:new-order -- --partner florist@example.com`: the shop's part of a new order, for trying the
// alerts without the shop. It asks the running app (over HTTP, signed in as a staff user) to place an order
// with lines for that user's partner; the app places it as the shop's orders are placed and alerts the
// partner's devices and open apps. The embedded database belongs to the running server's process, so the
// command never opens it itself (docs/decisions.md, "Issue 25: new-order alerts").
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    partner: { type: 'string', default: 'florist@example.com' },
    lines: { type: 'string', default: '2' },
    url: { type: 'string', default: process.env.APP_URL || `http://localhost:${process.env.PORT || '3000'}` },
    as: { type: 'string', default: process.env.DEMO_STAFF_EMAIL || 'admin@example.com' },
    password: { type: 'string', default: process.env.DEMO_STAFF_PASSWORD || 'password' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(`Usage: npm run demo:new-order -- [--partner <partner user's email>] [--lines 1-5]
       [--url <the running app, default ${values.url}>] [--as <staff email>] [--password <…>]`);
  process.exit(0);
}

const base = values.url.replace(/\/+$/, '');
const jar = new Map();

async function call(method, path, body) {
  const xsrf = jar.get('XSRF-TOKEN');
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
      ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const text = await res.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed };
}

function fail(message) {
  console.error(`demo:new-order: ${message}`);
  process.exit(1);
}

try {
  await call('GET', '/sanctum/csrf-cookie');
} catch {
  fail(`the app is not answering at ${base}. Start it first (npm start), or pass --url.`);
}
const login = await call('POST', '/api/login', { email: values.as, password: values.password });
if (login.status !== 200)
  fail(`could not sign in as ${values.as} (${login.status}): ${login.body?.message ?? ''}`);
const placed = await call('POST', '/api/notifications/demo-order', {
  partner: values.partner,
  lines: Number(values.lines),
});
if (placed.status !== 201) {
  const errors = placed.body?.errors ? ` ${JSON.stringify(placed.body.errors)}` : '';
  fail(`the order was refused (${placed.status}): ${placed.body?.message ?? ''}${errors}`);
}
const order = placed.body.data;
console.log(
  `Placed order ${order.name} for the partner of ${values.partner}: ${base}/order/${order.id}\n` +
    'Their signed-in devices with alerts on are being told now.',
);
await call('POST', '/api/logout');
