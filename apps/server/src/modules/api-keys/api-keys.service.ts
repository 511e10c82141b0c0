import { eq } from 'drizzle-orm';

import type { ApiKey, ApiKeyValues, NewApiKey } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { audit } from '../../lib/audit';
import { found } from '../../lib/errors';
import { makeApiKey } from '../../shared/api-keys';
import { allApiKeys, apiKeyById } from './api-keys.queries';

/**
 * System → API keys (issue 34): staff make a key for the shop (shown once) and revoke it. A revoked key stays
 * in the list, so what sent which orders can still be read; revoking twice changes nothing more. A key belongs
 * to a shop and may be a partner's till key (issue 46): a key replacing another is made with the same shop.
 */
export function createApiKeysService({ db }: { db: Db }) {
  return {
    list: () => allApiKeys(db),

    create: (userId: number, body: ApiKeyValues): Promise<NewApiKey> =>
      db.transaction((tx) => makeApiKey(tx, body, userId)),

    revoke: (userId: number, id: number): Promise<ApiKey> =>
      db.transaction(async (tx) => {
        const key = found(await apiKeyById(tx, id, true));
        if (key.revokedAt) return key;
        const now = new Date();
        await tx.update(apiKeys).set({ revokedAt: now, revokedBy: userId }).where(eq(apiKeys.id, id));
        await audit(tx, {
          userId,
          event: 'updated',
          message: `API key "${key.name}" (${key.prefix}…) revoked`,
          propertyType: 'api key',
          propertyId: id,
          oldValues: { revokedAt: null },
          newValues: { revokedAt: now.toISOString() },
        });
        return { ...key, revokedAt: now.toISOString() };
      }),
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
