import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Config } from '../../config';
import { randomToken } from '../../lib/crypto';
import { HttpError, serviceUnavailable } from '../../lib/errors';
import { Slots } from '../../lib/slots';

/**
 * The accounting service's (Xero's) OAuth 2.0 and API calls: a small fetch client of our own (docs/decisions.md
 * "Issue 24"). PKCE (S256) with node:crypto, HTTP Basic client authentication and form bodies on the token and
 * revocation endpoints, a time-out on every call, and the 429 rule of DECISIONS.md. It holds no state but the
 * count of calls in flight; tokens pass through it and are never logged or put in an error.
 */

export const XERO_MESSAGES = {
  notSetUp:
    'The accounting connection (Xero) is not set up on this server. The administrator must set XERO_CLIENT_ID, XERO_CLIENT_SECRET and XERO_REDIRECT_URI.',
  // Said before the first connection and after a disconnect alike: no "yet" (issue 36).
  notConnected: 'The accounting connection (Xero) is not connected. Connect Xero first.',
  expired: 'The accounting connection (Xero) has expired. Connect Xero again.',
  unreachable: 'The accounting service (Xero) did not answer. Try again later.',
  rateLimited: (wait: string) => `The accounting service (Xero) is busy (rate limit). Try again in ${wait}.`,
} as const;

export const XERO_SCOPES =
  'openid profile email offline_access accounting.contacts.read accounting.settings.read';

/** A 429 whose Retry-After is at most this is waited for and retried once; a longer one is a 503. */
const MAX_RETRY_WAIT_S = 10;
/** Xero allows 5 calls in flight per organisation: this process never has more. */
const MAX_CONCURRENT = 5;
/** A 429 without a readable Retry-After: Xero's own window is a minute. */
const DEFAULT_RETRY_AFTER_S = 60;

export type XeroSettings = Pick<
  Config['xero'],
  'clientId' | 'clientSecret' | 'redirectUri' | 'identityUrl' | 'loginUrl' | 'apiUrl' | 'timeoutMs'
>;
export type ConfiguredXero = XeroSettings & { clientId: string; clientSecret: string; redirectUri: string };

export const isConfigured = (xero: XeroSettings): xero is ConfiguredXero =>
  Boolean(xero.clientId && xero.clientSecret && xero.redirectUri);

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
}

/** The token endpoint refused the grant (`invalid_grant` and its kin): the code or refresh token is spent. */
export class GrantRefused extends Error {
  constructor(readonly error: string) {
    super(`The token endpoint refused the grant (${error}).`);
  }
}

/** The API refused the access token (401): refresh it and ask again, once. */
export class TokenRefused extends Error {}

const base = (url: string) => url.replace(/\/+$/, '');

/** `Retry-After` in seconds (delta or HTTP date). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number {
  if (value === null || value.trim() === '') return DEFAULT_RETRY_AFTER_S;
  const delta = Number(value);
  if (Number.isFinite(delta)) return Math.max(0, Math.ceil(delta));
  const at = Date.parse(value);
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_S : Math.max(0, Math.ceil((at - now) / 1000));
}

/** "45 seconds", "3 minutes", "2 hours": the wait a person is told. */
export function waitText(seconds: number): string {
  const unit = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 120) return unit(Math.max(1, seconds), 'second');
  if (seconds < 2 * 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

const rateLimited = (seconds: number) =>
  new HttpError(503, XERO_MESSAGES.rateLimited(waitText(seconds)), { 'retry-after': String(seconds) });

/** PKCE (RFC 7636): a random verifier and its S256 challenge. */
export function pkcePair() {
  const verifier = randomToken(48);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

type TokenAnswer = { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; error?: unknown };

export function createXeroClient(
  xero: ConfiguredXero,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
) {
  /** Calls in flight: the sixth waits for one of five to end. */
  const inFlight = new Slots(MAX_CONCURRENT);
  // RFC 6749 2.3.1: the id and secret are form-encoded before they are joined and base64-encoded.
  const basic = `Basic ${Buffer.from(
    `${encodeURIComponent(xero.clientId)}:${encodeURIComponent(xero.clientSecret)}`,
  ).toString('base64')}`;

  /** One call with a time-out; any failure to get an answer is the 503 "did not answer". */
  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(xero.timeoutMs),
      });
    } catch {
      throw serviceUnavailable(XERO_MESSAGES.unreachable);
    }
  }

  /** A call with DECISIONS.md's 429 rule: retried once after a Retry-After of at most 10 s, else a 503. */
  async function callWithRetry(url: string, init: () => RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const res = await inFlight.run(() => call(url, init()));
      if (res.status !== 429) return res;
      await res.body?.cancel();
      const wait = retryAfterSeconds(res.headers.get('retry-after'));
      if (attempt > 0 || wait > MAX_RETRY_WAIT_S) throw rateLimited(wait);
      await sleep(wait * 1000);
    }
  }

  async function json<T>(res: Response): Promise<T> {
    try {
      return (await res.json()) as T;
    } catch {
      throw serviceUnavailable(XERO_MESSAGES.unreachable);
    }
  }

  /** POST a form to the token endpoint: a token set, GrantRefused on a 400/401 answer, else a 503. */
  async function token(form: Record<string, string>): Promise<TokenSet> {
    const res = await callWithRetry(`${base(xero.identityUrl)}/connect/token`, () => ({
      method: 'POST',
      headers: {
        authorization: basic,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
    }));
    const answer = await json<TokenAnswer>(res);
    if (res.status === 400 || res.status === 401)
      throw new GrantRefused(typeof answer.error === 'string' ? answer.error : 'invalid_grant');
    if (!res.ok || typeof answer.access_token !== 'string')
      throw serviceUnavailable(XERO_MESSAGES.unreachable);
    const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 1800;
    return {
      accessToken: answer.access_token,
      refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : null,
      expiresAt: new Date(Date.now() + seconds * 1000),
    };
  }

  return {
    /** Where the browser goes to authorise us. */
    authorizeUrl({ state, challenge }: { state: string; challenge: string }): string {
      const url = new URL(xero.loginUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: xero.clientId,
        redirect_uri: xero.redirectUri,
        scope: XERO_SCOPES,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    exchangeCode: (code: string, verifier: string) =>
      token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: xero.redirectUri,
        code_verifier: verifier,
      }),

    refresh: (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    /** Revokes a refresh token (and its access tokens); false when the service could not be told. */
    async revoke(refreshToken: string): Promise<boolean> {
      try {
        const res = await callWithRetry(`${base(xero.identityUrl)}/connect/revocation`, () => ({
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token' }).toString(),
        }));
        await res.body?.cancel();
        return res.ok;
      } catch {
        return false;
      }
    },

    /**
     * GET a path of the API with the access token (and the organisation's id when given): the answer's JSON,
     * null for a 404, TokenRefused for a 401, the expired 503 for a 403 (the organisation took our access away).
     */
    async get<T>(path: string, accessToken: string, tenantId?: string): Promise<T | null> {
      const res = await callWithRetry(`${base(xero.apiUrl)}${path}`, () => ({
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          ...(tenantId ? { 'xero-tenant-id': tenantId } : {}),
        },
      }));
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (res.status === 401) {
        await res.body?.cancel();
        throw new TokenRefused();
      }
      if (res.status === 403) {
        await res.body?.cancel();
        throw serviceUnavailable(XERO_MESSAGES.expired);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw serviceUnavailable(XERO_MESSAGES.unreachable);
      }
      return json<T>(res);
    },
  };
}
export type XeroClient = ReturnType<typeof createXeroClient>;
