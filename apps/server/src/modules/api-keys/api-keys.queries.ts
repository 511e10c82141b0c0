import { desc, eq, sql } from 'drizzle-orm';

import type { ApiKey } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { apiKeys, partners } from '../../db/schema';

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  shop: apiKeys.shop,
  partnerId: apiKeys.partnerId,
  partnerName: partners.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

interface Row {
  id: number;
  name: string;
  shop: string;
  partnerId: number | null;
  partnerName: string | null;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const toApiKey = (r: Row): ApiKey => ({
  id: r.id,
  name: r.name,
  shop: r.shop,
  partner: r.partnerId === null ? null : { id: r.partnerId, name: r.partnerName ?? '' },
  prefix: r.prefix,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

/** Every key, live ones first, newest first: a marketplace has a handful. */
export async function allApiKeys(db: DbOrTx): Promise<ApiKey[]> {
  const rows = await db
    .select(columns)
    .from(apiKeys)
    .leftJoin(partners, eq(partners.id, apiKeys.partnerId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

export async function apiKeyById(db: DbOrTx, id: number, lock = false): Promise<ApiKey | undefined> {
  const query = db
    .select(columns)
    .from(apiKeys)
    .leftJoin(partners, eq(partners.id, apiKeys.partnerId))
    .where(eq(apiKeys.id, id));
  const [row] = lock ? await query.for('update', { of: apiKeys }) : await query;
  return row ? toApiKey(row) : undefined;
}
