import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { XeroConnection } from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { xeroConnections } from '../../db/schema';
import { audit } from '../../lib/audit';
import { derivedKey, randomToken, seal, unseal } from '../../lib/crypto';
import { serviceUnavailable } from '../../lib/errors';
import { keptSecret, settingSecret } from '../../lib/kept-secret';
import { GrantRefused, TokenRefused, XERO_MESSAGES } from './xero.client';
import type { XeroClient } from './xero.client';
import { storedConnection } from './xero.queries';
import type { StoredConnection } from './xero.queries';

/** An access token is refreshed when it has less than this left (Xero's live 30 minutes). */
const REFRESH_MARGIN_MS = 2 * 60_000;

const RECORD = 'accounting connection' as const;

/**
 * The random secret the token key is derived from when SESSION_SECRET is not set: kept in `settings`, outside
 * the tokens' table (lib/kept-secret.ts).
 */
const TOKEN_KEY_SECRET = settingSecret('xero.token_key', 'accounting token key', () => randomToken(32));

/** A connection ready for a call: the plain access token (in memory only) and the sealed one it came from. */
interface Live {
  tenantId: string;
  accessToken: string;
  sealedAccessToken: string;
}

/** A connection an authorisation brought: its organisation, its tokens in plain, and who connected it. */
export interface NewConnection {
  tenantId: string;
  tenantName: string | null;
  tokens: { accessToken: string; refreshToken: string; expiresAt: Date };
  userId: number;
}

/**
 * The custody of the accounting connection's tokens: sealed at rest under a key derived from SESSION_SECRET (or a
 * random secret kept in `settings`), read for a call, kept alive (refreshed shortly before they expire and once
 * on a 401, one refresh at a time per process and, by a row lock, across processes), stored when an
 * authorisation completes and forgotten (revoked) on a disconnect. A refused refresh marks the connection
 * expired. `client` is the configured client or the 503 naming the settings.
 */
export function createXeroTokens({
  db,
  client,
  secret,
  log,
}: {
  db: Db;
  client: () => XeroClient;
  /** SESSION_SECRET: the token key is derived from it; unset, from a random secret kept in `settings`. */
  secret: string | undefined;
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}) {
  const keySecret = secret ? () => Promise.resolve(secret) : keptSecret(db, TOKEN_KEY_SECRET);
  let derived: Buffer | undefined;
  /** The AES-256-GCM key of the tokens, derived once per process. */
  const tokenKey = async (): Promise<Buffer> =>
    (derived ??= derivedKey(await keySecret(), 'bloomline xero tokens'));

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
    const xeroClient = client();
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

  return {
    /** The key the tokens (and an authorisation's PKCE verifier) are sealed with. */
    key: tokenKey,

    /** GET an API path for the connected organisation; a 401 refreshes the token and asks once more. */
    async apiGet<T>(path: string): Promise<T | null> {
      const xeroClient = client();
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
    },

    /** Keeps a new connection, sealed, in place of any other (audited as connected). */
    async store({ tenantId, tenantName, tokens, userId }: NewConnection): Promise<void> {
      const key = await tokenKey();
      await db.transaction(async (tx) => {
        const before = await storedConnection(tx, { lock: true });
        await tx.delete(xeroConnections);
        const [row] = await tx
          .insert(xeroConnections)
          .values({
            tenantId,
            tenantName,
            accessToken: seal(key, tokens.accessToken),
            refreshToken: seal(key, tokens.refreshToken),
            expiresAt: tokens.expiresAt,
            connectedBy: userId,
          })
          .returning({ id: xeroConnections.id });
        await audit(tx, {
          userId,
          event: 'connected',
          message: `Accounting connection to ${tenantName ?? tenantId} connected.`,
          propertyType: RECORD,
          propertyId: row?.id ?? null,
          oldValues: before ? { tenantId: before.tenantId, tenantName: before.tenantName } : null,
          newValues: { tenantId, tenantName },
        });
      });
    },

    /** Which organisation since when, and whether it has expired. */
    async status(): Promise<XeroConnection> {
      const row = await storedConnection(db);
      return {
        connected: row !== null && !row.expired,
        tenantName: row?.tenantName ?? row?.tenantId ?? null,
        connectedAt: row ? row.connectedAt.toISOString() : null,
        expired: row?.expired ?? false,
      };
    },

    /** Forgets the connection (audited) and revokes its refresh token; a revocation that fails is logged. */
    forget: async (userId: number): Promise<void> => {
      const xeroClient = client();
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
  };
}
export type XeroTokens = ReturnType<typeof createXeroTokens>;
