import fc from 'fast-check';

/**
 * What the fuzzer sends (fuzz.test.ts): the routes read from the app, and for each a generator of hostile
 * requests (ids, text, dates, percent-encodings, other methods, broken and odd bodies, multipart forms with
 * `_method`, malformed CSRF headers).
 */

/** Kept small so `npm test` stays quick; FUZZ_RUNS and FUZZ_SEED run a longer or different search by hand. */
export const RUNS_PER_ROUTE_AND_ROLE = Number(process.env.FUZZ_RUNS) || 16;
export const SEED = Number(process.env.FUZZ_SEED) || 20261123;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  queryKeys: string[];
  bodyKeys: string[];
  /** The route documents a 503 (an outside service it needs is not connected): an answer, not a crash. */
  mayBeUnavailable: boolean;
}

export interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  responses?: Record<string, unknown>;
}

/** Every method and path of the app, from `printRoutes` (which also lists routes hidden from OpenAPI). */
export function routesOf(
  tree: string,
  doc: { paths: Record<string, Record<string, OpenApiOperation>> },
): Route[] {
  const routes: Route[] = [];
  const shapeOf = (p: string) => p.replace(/:\w+(?:\|:\w+)*|\{\w+\}/g, '{}');
  const byShape = new Map(Object.keys(doc.paths).map((p) => [shapeOf(p), p]));
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+) ?(?:\(([A-Z, ]+)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    while (stack.length > depth) stack.pop();
    const path = (stack.at(-1)?.path ?? '') + m[2]!;
    stack.push({ depth, path });
    // A file of the built web app (`/assets/index-3f2a.js`): static bytes with no input to fuzz, and a
    // hundred of them would triple the run.
    if (!path.startsWith('/api') && /\.[a-z0-9]+$/i.test(path)) continue;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      // The router prints one name for a parameter that several routes share at one place
      // (`/api/partners/:id|:partnerId`): match documented paths whatever the names.
      const documented = byShape.get(shapeOf(path));
      const url = documented ? documented.replace(/\{(\w+)\}/g, ':$1') : path;
      const op = doc.paths[documented ?? path]?.[method.toLowerCase()];
      const props = Object.values(op?.requestBody?.content ?? {})[0]?.schema?.properties ?? {};
      routes.push({
        method: method as Route['method'],
        url,
        queryKeys: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: Object.keys(props),
        mayBeUnavailable: op?.responses?.['503'] !== undefined,
      });
    }
  }
  return routes;
}

// --- what a hostile client sends -------------------------------------------------------------------------

const HOSTILE_PATH_IDS = [
  '2147483648',
  '2147483647',
  '99999999999999999999999',
  '-1',
  '0',
  '00',
  '007',
  '1e3',
  '1E3',
  '0x10',
  '1.5',
  '1.0',
  'NaN',
  'Infinity',
  'true',
  '%00',
  '1%00',
  '%2e%2e',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%20',
  '+1',
  '1,2',
  '[1]',
  '1;2',
  '1'.repeat(120),
  '%F0%9F%8C%B8',
];

/** Strings that have broken servers: NUL, other controls, lone surrogates, odd dates, huge and odd numbers. */
const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\ud800abc',
  'abc\udfff',
  '\udc00\ud800',
  '\u0007\u001b[31m',
  'a\u0085b',
  '\u007f',
  '\ufeff',
  '\u202e',
  '0000-01-01',
  '0000-00-00',
  '2025-02-30',
  '2026-13-01',
  '9999-12-31',
  '275760-09-14',
  '-000001-01-01',
  '2026-11-23T00:00:00Z',
  '1e3',
  '0x10',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1.5',
  '',
  ' ',
  'true',
  'null',
  '{}',
  '[]',
  '%',
  '%zz',
  "' or 1=1 --",
  '\\',
  '%_',
  'x'.repeat(10_000),
  'é'.repeat(3000),
];

const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: anyUnit, maxLength: 40 }),
  fc.string({ maxLength: 20 }),
  fc.integer({ min: 1, max: 6 }).map(String),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    2147483648,
    2147483647,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    false,
    null,
    [1],
    [],
    {},
    { id: 1 },
  ),
  fc.integer({ min: 1, max: 6 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
);

/** Percent-encodes each UTF-16 unit on its own, so a lone surrogate travels as its (invalid) UTF-8 bytes. */
function encodeUnits(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += `%${[0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => b.toString(16).toUpperCase())
        .join('%')}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const queryValue: fc.Arbitrary<string> = fc.oneof(
  hostileString.map(encodeUnits),
  fc.constantFrom('%', '%zz', 'abc%', '%00', '%ED%A0%80', '%C0%80', '%FF%FE', '%2', '+', '%E2%80%AE'),
);
const queryKey = (known: string[]) =>
  fc.oneof(
    ...(known.length ? [fc.constantFrom(...known)] : []),
    fc.constantFrom(
      'q',
      'p',
      'id',
      'sd',
      'ed',
      'page',
      'per_page',
      'filter',
      'all',
      '__proto__',
      'q[]',
      'p[a]',
    ),
  );

type BodyPlan =
  { kind: 'object'; value: Record<string, unknown> } | { kind: 'raw'; contentType: string; payload: string };

const rawBody: fc.Arbitrary<BodyPlan> = fc.record({
  kind: fc.constant('raw' as const),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/x-www-form-urlencoded',
    'text/plain',
    'application/xml',
    'multipart/form-data; boundary=x',
  ),
  payload: fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '{',
      'null',
      '[]',
      '[1]',
      '"x"',
      '1',
      'true',
      '{"id":1,"id":"x"}',
      '{"__proto__":{"isStaff":true}}',
      '{"constructor":{"prototype":{}}}',
      '{"id":1e400}',
      '{"id":-0}',
      '{"reason":"\\u0000"}',
      '{"reason":"\\ud800"}',
      '\u0000',
      'id=%zz&reason=a%00b&partner_id=1e3',
      'id=1&id=2',
      'id[]=1',
      '\ufeff{"id":1}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `{"id":${'9'.repeat(400)}}`,
    ),
    fc.string({ unit: anyUnit, maxLength: 30 }),
  ),
});

const bodyPlan = (keys: string[]): fc.Arbitrary<BodyPlan> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('object' as const),
        value: fc
          .tuple(
            fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['id'])), hostileValue, { maxKeys: 4 }),
            fc.dictionary(
              fc.constantFrom('extra', 'isStaff', 'partner_id', 'status', 'role_id'),
              hostileValue,
              {
                maxKeys: 2,
              },
            ),
          )
          .map(([known, extra]) => ({ ...extra, ...known })),
      }),
    },
    { weight: 1, arbitrary: rawBody },
    { weight: 1, arbitrary: multipartBody(keys) },
  );

/** A well-formed multipart form (what the web's forms send) with hostile values, files and `_method`. */
const multipartBody = (keys: string[]): fc.Arbitrary<BodyPlan> =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...(keys.length ? keys : ['id']), '_method', 'image_file', '__proto__', 'name[]'),
        fc.oneof(hostileString, fc.constantFrom('PUT', 'put', 'DELETE', 'PATCH', '')),
        fc.boolean(),
      ),
      { maxLength: 6 },
    )
    .map((fields) => {
      const boundary = 'fuzzboundary';
      const parts = fields.map(([name, value, asFile]) =>
        asFile
          ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG${value}\r\n`
          : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      return {
        kind: 'raw' as const,
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: `${parts.join('')}--${boundary}--\r\n`,
      };
    });

/** Sometimes a malformed CSRF token header (a bad percent-encoding must be a 419, never a 500). */
const tokenHeader: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        name: fc.constantFrom('x-xsrf-token', 'x-csrf-token'),
        value: fc.constantFrom('%', '%zz', 'abc%', '%E0%A4%A', '%00', '%ED%A0%80', 'x'.repeat(5000), ' '),
      })
      // The client sends its real token as X-XSRF-TOKEN, which the server reads first: replace it too.
      .map(({ name, value }) => ({ 'x-xsrf-token': value, [name]: value })),
  },
);

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const requestPlan = (route: Route) =>
  fc.record({
    // Mostly the route's own method; sometimes another, which must be a 404 or 405, never a 5xx.
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    pathValue: fc.oneof(fc.constantFrom(...HOSTILE_PATH_IDS), fc.integer({ min: 1, max: 6 }).map(String)),
    query: fc.array(fc.tuple(queryKey(route.queryKeys), queryValue), { maxLength: 4 }),
    body: bodyPlan(route.bodyKeys),
    token: tokenHeader,
  });

interface Planned {
  url: string;
  payload?: unknown;
  headers: Record<string, string>;
}

export function toInject(route: Route, plan: PlanOf): Planned {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
    name === 'file' ? `${plan.pathValue}.svg` : plan.pathValue,
  );
  const qs = plan.query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');
  const options: Planned = { url: qs ? `${path}?${qs}` : path, headers: {} };
  if (plan.method !== 'GET') {
    if (plan.body.kind === 'object') options.payload = plan.body.value;
    else {
      options.payload = plan.body.payload;
      options.headers = { 'content-type': plan.body.contentType };
    }
  }
  options.headers = { ...options.headers, ...plan.token };
  return options;
}
type PlanOf = {
  method: Route['method'];
  pathValue: string;
  query: [string, string][];
  body: BodyPlan;
  token: Record<string, string>;
};
