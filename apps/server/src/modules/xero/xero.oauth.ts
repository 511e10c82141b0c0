import { eq, lt } from 'drizzle-orm';

import type { XeroConnectError } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { xeroOauthStates } from '../../db/schema';
import { randomToken, safeEqual, seal, sha256, unseal } from '../../lib/crypto';
import { HttpError } from '../../lib/errors';
import { GrantRefused, pkcePair, TokenRefused } from './xero.client';
import type { XeroClient } from './xero.client';
import type { NewConnection, XeroTokens } from './xero.tokens';

/** How long a started authorisation may take before its `state` is refused. */
const STATE_LIFETIME_MS = 10 * 60_000;

type Tenant = { tenantId?: unknown; tenantName?: unknown; tenantType?: unknown };

/** What the callback receives (the authorisation page's answer) and whose session it arrives in. */
export interface CallbackInput {
  userId: number;
  sessionId: string;
  state?: string;
  code?: string;
  error?: string;
}

/** The authorisation code's exchange and the organisation's lookup: the connection to store, or why not. */
async function exchange(
  xeroClient: XeroClient,
  code: string,
  verifier: string,
): Promise<{ error: XeroConnectError } | { tokens: NewConnection['tokens']; tenant: Tenant }> {
  try {
    const tokens = await xeroClient.exchangeCode(code, verifier);
    if (!tokens.refreshToken) return { error: 'no-refresh-token' };
    const tenants = await xeroClient.get<Tenant[]>('/connections', tokens.accessToken);
    const tenant = Array.isArray(tenants) ? tenants[0] : undefined;
    if (!tenant || typeof tenant.tenantId !== 'string') return { error: 'no-tenant' };
    return { tokens: { ...tokens, refreshToken: tokens.refreshToken }, tenant };
  } catch (err) {
    if (err instanceof GrantRefused || err instanceof TokenRefused) return { error: 'refused' };
    if (err instanceof HttpError && err.statusCode === 503) return { error: 'unreachable' };
    throw err;
  }
}

/**
 * The OAuth 2.0 authorisation-code flow with PKCE: the authorisation page's address with a single-use `state`
 * bound to the session, and the callback that spends the state, exchanges the code and hands the connection to
 * the tokens' custody. `client` is the configured client or the 503 naming the settings.
 */
export function createXeroOauth({
  db,
  client,
  tokens,
}: {
  db: Db;
  client: () => XeroClient;
  tokens: Pick<XeroTokens, 'key' | 'store'>;
}) {
  return {
    /**
     * Starts an authorisation for a signed-in session: a random single-use `state` (its digest stored with
     * the session's id and the sealed PKCE verifier) and the address of the authorisation page.
     */
    authorizeUrl: async ({ userId, sessionId }: { userId: number; sessionId: string }): Promise<string> => {
      const xeroClient = client();
      const key = await tokens.key();
      const state = randomToken(32);
      const { verifier, challenge } = pkcePair();
      await db
        .delete(xeroOauthStates)
        .where(lt(xeroOauthStates.createdAt, new Date(Date.now() - STATE_LIFETIME_MS)));
      await db.insert(xeroOauthStates).values({
        state: sha256(state),
        sessionId,
        userId,
        codeVerifier: seal(key, verifier),
      });
      return xeroClient.authorizeUrl({ state, challenge });
    },

    /**
     * The authorisation page's answer: the `state` is spent whatever follows, and only this session's fresh one
     * leads to the code's exchange; the organisation is the first of /connections. Null when connected, else
     * why not (nothing is stored then).
     */
    completeAuthorization: async (input: CallbackInput): Promise<XeroConnectError | null> => {
      const xeroClient = client();
      if (!input.state) return 'state';
      const [pending] = await db
        .delete(xeroOauthStates)
        .where(eq(xeroOauthStates.state, sha256(input.state)))
        .returning();
      if (
        !pending ||
        !safeEqual(pending.sessionId, input.sessionId) ||
        pending.userId !== input.userId ||
        pending.createdAt.getTime() < Date.now() - STATE_LIFETIME_MS
      )
        return 'state';
      if (input.error) return input.error === 'access_denied' ? 'denied' : 'refused';
      const verifier = unseal(await tokens.key(), pending.codeVerifier);
      if (!input.code || verifier === null) return 'refused';
      const got = await exchange(xeroClient, input.code, verifier);
      if ('error' in got) return got.error;
      await tokens.store({
        tenantId: got.tenant.tenantId as string,
        tenantName: typeof got.tenant.tenantName === 'string' ? got.tenant.tenantName : null,
        tokens: got.tokens,
        userId: input.userId,
      });
      return null;
    },
  };
}
