import { eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { XeroConnectError, XeroConnection, XeroContact } from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { xeroConnections, xeroOauthStates } from '../../db/schema';
import { audit } from '../../lib/audit';
import { derivedKey, randomToken, safeEqual, seal, sha256, unseal } from '../../lib/crypto';
import { HttpError, serviceUnavailable } from '../../lib/errors';
import {
  createXeroClient,
  GrantRefused,
  isConfigured,
  pkcePair,
  TokenRefused,
  XERO_MESSAGES,
} from './xero.client';
import type { XeroClient, XeroSettings } from './xero.client';
import { storedConnection, storedKeySecret } from './xero.queries';
import type { StoredConnection } from './xero.queries';

export { XERO_MESSAGES } from './xero.client';

/** An access token is refreshed when it has less than this left (Xero's live 30 minutes). */
const REFRESH_MARGIN_MS = 2 * 60_000;
/** How long a started authorisation may take before its `state` is refused. */
const STATE_LIFETIME_MS = 10 * 60_000;
/** Xero's contacts come in pages of 100; a shorter page is the last. A limit keeps a loop from running on. */
const PAGE_SIZE = 100;
const MAX_PAGES = 200;

const RECORD = 'accounting connection' as const;

type ContactsAnswer = { Contacts?: { ContactID?: unknown; Name?: unknown; ContactStatus?: unknown }[] };
type Tenant = { tenantId?: unknown; tenantName?: unknown; tenantType?: unknown };

/** Xero's contacts as the screens use them: an id and a name, archived ones left out. */
function contactsOf(answer: ContactsAnswer): XeroContact[] {
  return (answer.Contacts ?? [])
    .filter((c) => c.ContactStatus !== 'ARCHIVED')
    .flatMap((c) =>
      typeof c.ContactID === 'string' && typeof c.Name === 'string'
        ? [{ ContactID: c.ContactID, Name: c.Name }]
        : [],
    );
}

/** A connection ready for a call: the plain access token (in memory only) and the sealed one it came from. */
interface Live {
  tenantId: string;
  accessToken: string;
  sealedAccessToken: string;
}

/** What the callback receives (the authorisation page's answer) and whose session it arrives in. */
export interface CallbackInput {
  userId: number;
  sessionId: string;
  state?: string;
  code?: string;
  error?: string;
}

/**
 * The accounting service (Xero): the OAuth 2.0 authorisation-code flow with PKCE that stores a connection, its
 * tokens sealed at rest and kept alive (refreshed shortly before they expire and once on a 401, one refresh at
 * a time per process and, by a row lock, across processes), and the organisation's contacts read on each call.
 * Unconfigured, every call is a 503 naming the settings; a refused refresh marks the connection expired.
 */
export function createXeroService({
  db,
  xero,
  secret,
  fetch = globalThis.fetch,
  log,
}: {
  db: Db;
  xero: XeroSettings;
  /** SESSION_SECRET: the token key is derived from it; unset, from a random secret kept in `settings`. */
  secret: string | undefined;
  fetch?: typeof globalThis.fetch;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const client: XeroClient | null = isConfigured(xero) ? createXeroClient(xero, fetch) : null;
  const configured = (): XeroClient => {
    if (!client) throw serviceUnavailable(XERO_MESSAGES.notSetUp);
    return client;
  };

  let keyLoad: Promise<Buffer> | null = null;
  /** The AES-256-GCM key of the tokens, read once per process. */
  const tokenKey = (): Promise<Buffer> =>
    (keyLoad ??= (async () =>
      derivedKey(secret || (await storedKeySecret(db, randomToken(32))), 'bloomline xero tokens'))().catch(
      (err: unknown) => {
        keyLoad = null;
        throw err;
      },
    ));

  /** Marks the connection expired (the service refused its tokens), audited as the system's doing. */
  async function markExpired(tx: DbOrTx, row: StoredConnection, why: string) {
    await tx
      .update(xeroConnections)
      .set({ expired: true, updatedAt: new Date() })
      .where(eq(xeroConnections.id, row.id));
    await audit(tx, {
      userId: null,
      event: 'expired',
      message: `Accounting connection to ${row.tenantName ?? row.tenantId} expired: ${why}`,
      propertyType: RECORD,
      propertyId: row.id,
    });
  }

  async function opened(row: StoredConnection): Promise<Live | null> {
    const accessToken = unseal(await tokenKey(), row.accessToken);
    return accessToken === null
      ? null
      : { tenantId: row.tenantId, accessToken, sealedAccessToken: row.accessToken };
  }

  /**
   * Refreshes the tokens in one transaction that locks the connection's row: another process that got there
   * first is seen (its access token differs from `stale` and is fresh) and its token used, so each
   * rotation spends the refresh token once; the rotated refresh token is stored before the lock is released.
   */
  async function refresh(stale: string): Promise<Live> {
    const xeroClient = configured();
    const key = await tokenKey();
    const outcome = await db.transaction(async (tx) => {
      const row = await storedConnection(tx, { lock: true });
      if (!row) return { error: XERO_MESSAGES.notConnected };
      if (row.expired) return { error: XERO_MESSAGES.expired };
      if (row.accessToken !== stale && row.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS)
        return { row };
      const refreshToken = unseal(key, row.refreshToken);
      if (refreshToken === null) {
        await markExpired(tx, row, 'its tokens cannot be read with this server’s key.');
        return { error: XERO_MESSAGES.expired };
      }
      let tokens;
      try {
        tokens = await xeroClient.refresh(refreshToken);
      } catch (err) {
        if (!(err instanceof GrantRefused)) throw err;
        await markExpired(tx, row, `Xero refused to refresh its tokens (${err.error}).`);
        return { error: XERO_MESSAGES.expired };
      }
      const [updated] = await tx
        .update(xeroConnections)
        .set({
          accessToken: seal(key, tokens.accessToken),
          // Xero rotates it on every refresh; a service that does not keeps the one it has.
          refreshToken: seal(key, tokens.refreshToken ?? refreshToken),
          expiresAt: tokens.expiresAt,
          updatedAt: new Date(),
        })
        .where(eq(xeroConnections.id, row.id))
        .returning();
      return { row: updated };
    });
    if ('error' in outcome || !outcome.row) throw serviceUnavailable(outcome.error ?? XERO_MESSAGES.expired);
    const live = await opened(outcome.row);
    if (!live) throw serviceUnavailable(XERO_MESSAGES.expired);
    return live;
  }

  let refreshing: Promise<Live> | null = null;
  /** However many requests need a refresh at once, this process runs one and they all wait for it. */
  const refreshOnce = (stale: string): Promise<Live> =>
    (refreshing ??= refresh(stale).finally(() => {
      refreshing = null;
    }));

  /** The connection ready for a call, refreshed first when its access token is about to expire. */
  async function live(): Promise<Live> {
    const row = await storedConnection(db);
    if (!row) throw serviceUnavailable(XERO_MESSAGES.notConnected);
    if (row.expired) throw serviceUnavailable(XERO_MESSAGES.expired);
    if (row.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS) {
      const ready = await opened(row);
      if (ready) return ready;
    }
    return refreshOnce(row.accessToken);
  }

  /** GET an API path for the connected organisation; a 401 refreshes the token and asks once more. */
  async function apiGet<T>(path: string): Promise<T | null> {
    const xeroClient = configured();
    const first = await live();
    try {
      return await xeroClient.get<T>(path, first.accessToken, first.tenantId);
    } catch (err) {
      if (!(err instanceof TokenRefused)) throw err;
    }
    const again = await refreshOnce(first.sealedAccessToken);
    try {
      return await xeroClient.get<T>(path, again.accessToken, again.tenantId);
    } catch (err) {
      if (err instanceof TokenRefused) throw serviceUnavailable(XERO_MESSAGES.expired);
      throw err;
    }
  }

  /** The authorisation code's exchange and the organisation's lookup: the connection to store, or why not. */
  async function exchange(
    xeroClient: XeroClient,
    code: string,
    verifier: string,
  ): Promise<
    | { error: XeroConnectError }
    | { tokens: { accessToken: string; refreshToken: string; expiresAt: Date }; tenant: Tenant }
  > {
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

  return {
    /**
     * Starts an authorisation for a signed-in session: a random single-use `state` (its digest stored with
     * the session's id and the sealed PKCE verifier) and the address of the authorisation page.
     */
    async authorizeUrl({ userId, sessionId }: { userId: number; sessionId: string }): Promise<string> {
      const xeroClient = configured();
      const key = await tokenKey();
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
    async completeAuthorization(input: CallbackInput): Promise<XeroConnectError | null> {
      const xeroClient = configured();
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
      const key = await tokenKey();
      const verifier = unseal(key, pending.codeVerifier);
      if (!input.code || verifier === null) return 'refused';
      const got = await exchange(xeroClient, input.code, verifier);
      if ('error' in got) return got.error;
      const tenantName = typeof got.tenant.tenantName === 'string' ? got.tenant.tenantName : null;
      const tenantId = got.tenant.tenantId as string;
      await db.transaction(async (tx) => {
        const before = await storedConnection(tx, { lock: true });
        await tx.delete(xeroConnections);
        const [row] = await tx
          .insert(xeroConnections)
          .values({
            tenantId,
            tenantName,
            accessToken: seal(key, got.tokens.accessToken),
            refreshToken: seal(key, got.tokens.refreshToken),
            expiresAt: got.tokens.expiresAt,
            connectedBy: input.userId,
          })
          .returning({ id: xeroConnections.id });
        await audit(tx, {
          userId: input.userId,
          event: 'connected',
          message: `Accounting connection to ${tenantName ?? tenantId} connected.`,
          propertyType: RECORD,
          propertyId: row?.id ?? null,
          oldValues: before ? { tenantId: before.tenantId, tenantName: before.tenantName } : null,
          newValues: { tenantId, tenantName },
        });
      });
      return null;
    },

    /** GET /api/xero/connection: which organisation since when, and whether it has expired. */
    async status(): Promise<XeroConnection> {
      configured();
      const row = await storedConnection(db);
      return {
        connected: row !== null && !row.expired,
        tenantName: row?.tenantName ?? row?.tenantId ?? null,
        connectedAt: row ? row.connectedAt.toISOString() : null,
        expired: row?.expired ?? false,
      };
    },

    /** Forgets the connection (audited) and revokes its refresh token; a revocation that fails is logged. */
    async disconnect(userId: number): Promise<void> {
      const xeroClient = configured();
      const gone = await db.transaction(async (tx) => {
        const row = await storedConnection(tx, { lock: true });
        if (!row) return null;
        await tx.delete(xeroConnections);
        await audit(tx, {
          userId,
          event: 'disconnected',
          message: `Accounting connection to ${row.tenantName ?? row.tenantId} disconnected.`,
          propertyType: RECORD,
          propertyId: row.id,
          oldValues: { tenantId: row.tenantId, tenantName: row.tenantName },
        });
        return row;
      });
      if (!gone || gone.expired) return;
      const refreshToken = unseal(await tokenKey(), gone.refreshToken);
      if (refreshToken !== null && !(await xeroClient.revoke(refreshToken)))
        log?.warn(
          'The accounting service (Xero) could not be told to revoke the disconnected refresh token.',
        );
    },

    /** Every active contact of the connected organisation (all pages), by name; read anew on each call. */
    contacts: async (): Promise<XeroContact[]> => {
      const all: XeroContact[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const answer = await apiGet<ContactsAnswer>(
          `/api.xro/2.0/Contacts?summaryOnly=true&page=${String(page)}`,
        );
        all.push(...contactsOf(answer ?? {}));
        if ((answer?.Contacts?.length ?? 0) < PAGE_SIZE) break;
      }
      return all.sort((a, b) => a.Name.localeCompare(b.Name));
    },

    /** One contact by its ContactID, or null when the organisation has none such. */
    contact: async (contactId: string): Promise<XeroContact | null> => {
      const answer = await apiGet<ContactsAnswer>(`/api.xro/2.0/Contacts/${encodeURIComponent(contactId)}`);
      return answer ? (contactsOf(answer)[0] ?? null) : null;
    },
  };
}
export type XeroService = ReturnType<typeof createXeroService>;
