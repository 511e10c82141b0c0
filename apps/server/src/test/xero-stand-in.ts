import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the accounting service (Xero): its authorisation page, token endpoint (authorisation
 * code with PKCE and refresh token, which it rotates), revocation, /connections and paged contacts, answering
 * 401 to an expired or unknown access token and 429 with Retry-After when told to or when more than five calls
 * are in flight. Tests start it on a free port; `npm run xero:standin` starts it for a person
 * (xero-stand-in.main.ts). Its knobs (`hang`, `rateLimit`, `expireAccessTokens()` …) are what the tests turn.
 *
 * Addresses, as DECISIONS.md names them: XERO_LOGIN_URL is `<url>/identity/connect/authorize`, and both
 * XERO_IDENTITY_URL (`/connect/token`, `/connect/revocation`) and XERO_API_URL (`/connections`,
 * `/api.xro/2.0/Contacts`) are `<url>` itself.
 */

export const XERO_TENANT = '3f6b1c2a-7d4e-4b8a-9c1d-2e3f4a5b6c7d';
export const XERO_TENANT_NAME = 'Bloomline Flowers (Pty) Ltd';
export const XERO_CLIENT = { id: 'bloomline-stand-in', secret: 'stand-in-secret' } as const;
export const XERO_CONTACTS = {
  rose: { ContactID: '8a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', Name: 'Rose Funeral Group' },
  bloom: { ContactID: '0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e', Name: 'Bloom Events' },
  archived: { ContactID: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', Name: 'Old Florist' },
} as const;

const LOGIN_PATH = '/identity/connect/authorize';
export const CONSENT_PATH = '/identity/connect/consent';
const PAGE_SIZE = 100;
const MAX_IN_FLIGHT = 5;

const FIRST = [
  'Acacia',
  'Bluebell',
  'Cape',
  'Daisy',
  'Erica',
  'Fynbos',
  'Gardenia',
  'Hibiscus',
  'Iris',
  'Jasmine',
  'Karoo',
  'Lily',
];
const SECOND = [
  'Events',
  'Funerals',
  'Weddings',
  'Hotels',
  'Offices',
  'Chapel',
  'Catering',
  'Lodge',
  'Church',
  'Clinic',
];

/** The organisation's contacts: the three named ones and 230 more, every tenth archived (three pages). */
function organisationContacts() {
  const made = [];
  for (let i = 0; i < 230; i += 1) {
    const id = createHash('sha256')
      .update(`contact ${String(i)}`)
      .digest('hex');
    made.push({
      ContactID: `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-8${id.slice(17, 20)}-${id.slice(20, 32)}`,
      Name: `${FIRST[i % FIRST.length] ?? ''} ${SECOND[Math.floor(i / FIRST.length) % SECOND.length] ?? ''} ${String(Math.floor(i / 120) + 1)}`,
      ContactStatus: i % 10 === 9 ? 'ARCHIVED' : 'ACTIVE',
    });
  }
  return [
    { ...XERO_CONTACTS.rose, ContactStatus: 'ACTIVE' },
    { ...XERO_CONTACTS.bloom, ContactStatus: 'ACTIVE' },
    { ...XERO_CONTACTS.archived, ContactStatus: 'ARCHIVED' },
    ...made,
  ];
}

/** How many active contacts the organisation has (what the app should list). */
export const XERO_ACTIVE_CONTACTS = organisationContacts().filter((c) => c.ContactStatus === 'ACTIVE').length;

export interface XeroStandInOptions {
  port?: number;
  host?: string;
  /** When set, the only redirect_uri accepted (as a registered app's); else any, the same on both legs. */
  redirectUri?: string;
}

export interface XeroStandIn {
  url: string;
  loginUrl: string;
  /** Every API request (connections, contacts): path and query, bearer token and tenant header. */
  seen: { url: string; auth?: string; tenant?: string }[];
  /** Token requests granted (and refused) by grant type. */
  grants: { authorization_code: number; refresh_token: number; refused: number };
  /** Refresh tokens revoked through /connect/revocation. */
  revoked: string[];
  /** Every token it issued, so a test can look for them where they must not be. */
  issued: string[];
  /** Lifetime of the access tokens it issues, in seconds. */
  accessTokenSeconds: number;
  /** While true, the API answers 500. */
  down: boolean;
  /** While true, the token endpoint and the API never answer. */
  hang: boolean;
  /** While true, the code's exchange leaves out the refresh token (no offline access). */
  omitRefreshToken: boolean;
  /** Delay before each token and API answer, so concurrent calls overlap. */
  delayMs: number;
  /** The next `times` API calls answer 429 with this Retry-After. */
  rateLimit: { times: number; retryAfter: string } | null;
  /** The most API calls it has had in flight at once. */
  peakInFlight: number;
  /** Every access token issued so far is refused from now on (401), as after its 30 minutes. */
  expireAccessTokens(): void;
  /** The grant is withdrawn: refresh tokens are refused with invalid_grant (the app must connect again). */
  revokeGrant(): void;
  /** Tokens for a connection made without the browser (a test's shortcut). */
  issue(): { accessToken: string; refreshToken: string; expiresIn: number };
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}-${randomBytes(18).toString('base64url')}`;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

async function bodyOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function consentPage(params: URLSearchParams): string {
  const hidden = [...params]
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Xero stand-in: allow access</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem;border-radius:6px;border:1px solid #13b5ea;cursor:pointer}
.allow{background:#0b6e99;color:#fff}.deny{background:#fff;color:#0b6e99}</style></head>
<body><main><h1>Xero (local stand-in)</h1>
<p>The app <strong>${escape(params.get('client_id') ?? '')}</strong> asks to connect to your organisation
<strong>${escape(XERO_TENANT_NAME)}</strong>: ${escape(params.get('scope') ?? '')}.</p>
<form method="post" action="${CONSENT_PATH}">${hidden}
<button class="allow" name="decision" value="allow">Allow access</button>
<button class="deny" name="decision" value="deny">Cancel</button></form></main></body></html>`;
}

export async function startXeroStandIn(options: XeroStandInOptions = {}): Promise<XeroStandIn> {
  const contacts = organisationContacts();
  const codes = new Map<string, { redirectUri: string; challenge: string; scope: string }>();
  /** Live access tokens and when each expires; live refresh tokens. */
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  let inFlight = 0;

  const issueTokens = (withRefresh: boolean) => {
    const accessToken = token('at');
    accessTokens.set(accessToken, Date.now() + standIn.accessTokenSeconds * 1000);
    standIn.issued.push(accessToken);
    const refreshToken = withRefresh ? token('rt') : undefined;
    if (refreshToken) {
      refreshTokens.add(refreshToken);
      standIn.issued.push(refreshToken);
    }
    return { accessToken, refreshToken, expiresIn: standIn.accessTokenSeconds };
  };

  const clientAuthenticated = (req: IncomingMessage) =>
    req.headers.authorization ===
    `Basic ${Buffer.from(`${XERO_CLIENT.id}:${XERO_CLIENT.secret}`).toString('base64')}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const wait = () => new Promise((resolve) => setTimeout(resolve, standIn.delayMs));

    if (url.pathname === '/health') return send(200, { status: 'ok' });

    // The authorisation page and the person's answer on it.
    if (req.method === 'GET' && url.pathname === LOGIN_PATH) {
      const p = url.searchParams;
      const problem =
        p.get('response_type') !== 'code'
          ? 'response_type must be code'
          : p.get('client_id') !== XERO_CLIENT.id
            ? 'unknown client_id'
            : !p.get('redirect_uri') || (options.redirectUri && p.get('redirect_uri') !== options.redirectUri)
              ? 'redirect_uri is not registered'
              : p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')
                ? 'PKCE (S256) is required'
                : !(p.get('scope') ?? '').split(' ').includes('offline_access')
                  ? 'scope must include offline_access'
                  : !p.get('state')
                    ? 'state is required'
                    : null;
      if (problem) return send(400, { error: 'invalid_request', error_description: problem });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(consentPage(p));
    }
    if (req.method === 'POST' && url.pathname === CONSENT_PATH) {
      const form = await bodyOf(req);
      const back = new URL(form.get('redirect_uri') ?? '');
      back.searchParams.set('state', form.get('state') ?? '');
      if (form.get('decision') === 'allow') {
        const code = token('code');
        codes.set(code, {
          redirectUri: form.get('redirect_uri') ?? '',
          challenge: form.get('code_challenge') ?? '',
          scope: form.get('scope') ?? '',
        });
        back.searchParams.set('code', code);
        back.searchParams.set('scope', form.get('scope') ?? '');
      } else {
        back.searchParams.set('error', 'access_denied');
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (standIn.hang) return; // never answers; close() ends the socket
    await wait();

    if (req.method === 'POST' && url.pathname === '/connect/token') {
      if (!clientAuthenticated(req)) return send(401, { error: 'invalid_client' });
      const form = await bodyOf(req);
      const refuse = () => {
        standIn.grants.refused += 1;
        return send(400, { error: 'invalid_grant' });
      };
      if (form.get('grant_type') === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (
          !code ||
          code.redirectUri !== form.get('redirect_uri') ||
          createHash('sha256').update(verifier).digest('base64url') !== code.challenge
        )
          return refuse();
        standIn.grants.authorization_code += 1;
        const t = issueTokens(!standIn.omitRefreshToken);
        return send(200, {
          id_token: 'stand-in-id-token',
          access_token: t.accessToken,
          expires_in: t.expiresIn,
          token_type: 'Bearer',
          ...(t.refreshToken ? { refresh_token: t.refreshToken } : {}),
          scope: code.scope,
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        const old = form.get('refresh_token') ?? '';
        // Rotation: a refresh token works once; using it again is invalid_grant, as Xero answers.
        if (!refreshTokens.delete(old)) return refuse();
        standIn.grants.refresh_token += 1;
        const t = issueTokens(true);
        return send(200, {
          access_token: t.accessToken,
          expires_in: t.expiresIn,
          token_type: 'Bearer',
          refresh_token: t.refreshToken,
        });
      }
      return send(400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'POST' && url.pathname === '/connect/revocation') {
      if (!clientAuthenticated(req)) return send(401, { error: 'invalid_client' });
      const revoked = (await bodyOf(req)).get('token') ?? '';
      refreshTokens.delete(revoked);
      standIn.revoked.push(revoked);
      return send(200, {});
    }

    // The API.
    const tenant = req.headers['xero-tenant-id'];
    standIn.seen.push({
      url: req.url ?? '',
      auth: req.headers.authorization,
      tenant: typeof tenant === 'string' ? tenant : undefined,
    });
    if (standIn.down) return send(500, { Message: 'Down' });
    if (inFlight > MAX_IN_FLIGHT)
      return send(
        429,
        { Title: 'Too many concurrent requests' },
        { 'retry-after': '1', 'x-rate-limit-problem': 'concurrent' },
      );
    if (standIn.rateLimit && standIn.rateLimit.times > 0) {
      standIn.rateLimit.times -= 1;
      return send(
        429,
        { Title: 'Too Many Requests' },
        { 'retry-after': standIn.rateLimit.retryAfter, 'x-rate-limit-problem': 'minute' },
      );
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const until = accessTokens.get(bearer);
    if (until === undefined || until <= Date.now())
      return send(401, { Title: 'Unauthorized', Status: 401, Detail: 'TokenExpired: token expired' });
    if (url.pathname === '/connections')
      return send(200, [
        {
          id: '5c9b3e2a-0000-4000-8000-000000000001',
          tenantId: XERO_TENANT,
          tenantType: 'ORGANISATION',
          tenantName: XERO_TENANT_NAME,
          createdDateUtc: '2026-01-05T08:00:00.0000000',
          updatedDateUtc: '2026-01-05T08:00:00.0000000',
        },
      ]);
    if (tenant !== XERO_TENANT) return send(403, { Title: 'Forbidden', Detail: 'AuthorizationUnsuccessful' });
    const one = /^\/api\.xro\/2\.0\/Contacts\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const found = contacts.find((c) => c.ContactID === one[1]);
      return found ? send(200, { Contacts: [found] }) : send(404, { Title: 'Not found' });
    }
    if (url.pathname === '/api.xro/2.0/Contacts') {
      const page = Number(url.searchParams.get('page') ?? '0');
      const list = page >= 1 ? contacts.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : contacts;
      return send(200, { Contacts: list });
    }
    return send(404, { Title: 'Not found' });
  }

  const server = createServer((req, res) => {
    const api = !['/health', LOGIN_PATH, CONSENT_PATH].includes(new URL(req.url ?? '/', 'http://x').pathname);
    if (api) {
      inFlight += 1;
      standIn.peakInFlight = Math.max(standIn.peakInFlight, inFlight);
      res.on('close', () => {
        inFlight -= 1;
      });
    }
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(400).end();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const url = `http://${options.host ?? '127.0.0.1'}:${String((server.address() as AddressInfo).port)}`;
  const standIn: XeroStandIn = {
    url,
    loginUrl: `${url}${LOGIN_PATH}`,
    seen: [],
    grants: { authorization_code: 0, refresh_token: 0, refused: 0 },
    revoked: [],
    issued: [],
    accessTokenSeconds: 1800,
    down: false,
    hang: false,
    omitRefreshToken: false,
    delayMs: 0,
    rateLimit: null,
    peakInFlight: 0,
    expireAccessTokens: () => accessTokens.clear(),
    revokeGrant: () => refreshTokens.clear(),
    issue: () => {
      const t = issueTokens(true);
      return { accessToken: t.accessToken, refreshToken: t.refreshToken ?? '', expiresIn: t.expiresIn };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
