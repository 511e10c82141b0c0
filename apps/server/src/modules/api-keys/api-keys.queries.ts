import { desc, eq, sql } from 'drizzle-orm';

import type { ApiKey } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/schema';

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

interface Row {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const toApiKey = (r: Row): ApiKey => ({
  id: r.id,
  name: r.name,
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
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

export async function apiKeyById(db: DbOrTx, id: number, lock = false): Promise<ApiKey | undefined> {
  const query = db.select(columns).from(apiKeys).where(eq(apiKeys.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ? toApiKey(row) : undefined;
}
