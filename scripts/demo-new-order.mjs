// `npm run demo:new-order -- --partner florist@example.com`: a new order through the shop's real door, for
// trying the alerts without a shop. It sends the order to `POST /api/intake/orders` with the demo shop's API key
// (made by the seed), as a shop would, then signs in as staff and assigns its lines to the partner of that user,
// as staff would, which alerts the partner's devices and open apps (docs/decisions.md, "Issue 34").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    partner: { type: 'string', default: 'florist@example.com' },
    lines: { type: 'string', default: '2' },
    url: { type: 'string', default: process.env.APP_URL || `http://localhost:${process.env.PORT || '3000'}` },
    key: { type: 'string', default: process.env.BLOOMLINE_API_KEY || '' },
    as: { type: 'string', default: process.env.DEMO_STAFF_EMAIL || 'admin@example.com' },
    password: { type: 'string', default: process.env.DEMO_STAFF_PASSWORD || 'password' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const keyFile = path.join(process.env.DATA_DIR || '.data', 'demo-api-key');

if (values.help) {
  console.log(`Usage: npm run demo:new-order -- [--partner <partner user's email>] [--lines 1-5]
       [--url <the running app, default ${values.url}>] [--key <API key, default BLOOMLINE_API_KEY or ${keyFile}>]
       [--as <staff email>] [--password <…>]`);
  process.exit(0);
}

function fail(message) {
  console.error(`demo:new-order: ${message}`);
  process.exit(1);
}

const lineCount = Number(values.lines);
if (!Number.isInteger(lineCount) || lineCount < 1 || lineCount > 5)
  fail('--lines must be a whole number from 1 to 5.');

let key = values.key.trim();
if (!key) {
  try {
    key = readFileSync(keyFile, 'utf8').trim();
  } catch {
    fail(`no API key: pass --key, set BLOOMLINE_API_KEY, or seed the demo (it keeps its key in ${keyFile}).`);
  }
}

const base = values.url.replace(/\/+$/, '');
const jar = new Map();

/** A call as the staff user's browser makes it: cookies and the CSRF token. */
async function call(method, urlPath, body) {
  const xsrf = jar.get('XSRF-TOKEN');
  const res = await fetch(`${base}${urlPath}`, {
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
  return { status: res.status, body: await res.json().catch(() => null) };
}

const errorsOf = (body) => (body?.errors ? ` ${JSON.stringify(body.errors)}` : '');

try {
  await call('GET', '/sanctum/csrf-cookie');
} catch {
  fail(`the app is not answering at ${base}. Start it first (npm start), or pass --url.`);
}
const login = await call('POST', '/api/login', { email: values.as, password: values.password });
if (login.status !== 200)
  fail(`could not sign in as ${values.as} (${login.status}): ${login.body?.message ?? ''}`);

// The partner of that user, and a few of the catalogue's active products, as staff read them.
const users = await call('GET', `/api/users?q=${encodeURIComponent(values.partner)}`);
const partner = users.body?.data?.find(
  (u) => u.email.toLowerCase() === values.partner.toLowerCase(),
)?.partner;
if (!partner) fail(`no partner user has the e-mail ${values.partner}.`);
const products = await call('GET', `/api/products?status=active&per_page=${lineCount}&s=title&d=asc`);
const variants = (products.body?.data ?? []).flatMap((p) => p.variants.slice(0, 1));
if (variants.length === 0) fail('the catalogue has no active product to order.');

// Johannesburg is UTC+2 all year: today there, as the intake reads "today".
const today = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10);
const sent = await fetch(`${base}/api/intake/orders`, {
  method: 'POST',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({
    externalId: `DEMO-${Date.now()}`,
    source: 'web',
    paymentType: 'card',
    customer: { name: 'Thandi Demo', email: 'thandi.demo@example.com', phone: '+27 82 555 0199' },
    recipient: {
      firstName: 'Thandi',
      lastName: 'Demo',
      phone: '+27 82 555 0199',
      address1: '12 Long Street',
      city: 'Cape Town',
      postalCode: '8001',
    },
    deliveryDate: today,
    deliveryFee: 99,
    notes: 'A demo order (npm run demo:new-order).',
    lines: variants.map((v) => ({ productVariantId: v.id, quantity: 1, value: v.price })),
  }),
});
const placed = await sent.json().catch(() => null);
if (sent.status !== 201)
  fail(`the shop's order was refused (${sent.status}): ${placed?.message ?? ''}${errorsOf(placed)}`);
const order = placed.data;

for (const line of order.lines) {
  const assigned = await call('POST', `/api/reassign-order-line/${line.id}`, { partner_id: partner.id });
  if (assigned.status !== 200)
    fail(
      `could not assign ${line.title} to ${partner.name} (${assigned.status}): ${assigned.body?.message ?? ''}`,
    );
}
console.log(
  `The shop sent order ${order.name} (${order.lines.length} item${order.lines.length === 1 ? '' : 's'}) and staff ` +
    `assigned it to ${partner.name}: ${base}/order/${order.id}\n` +
    'Their signed-in devices with alerts on are being told now.',
);
await call('POST', '/api/logout');
