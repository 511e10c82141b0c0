import { createHash } from 'node:crypto';

import { and, eq, isNull, sql } from 'drizzle-orm';

import {
  API_KEY_CALLS_PER_MINUTE,
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  API_KEY_TEXTS,
} from '@bloomline/contract';
import type { NewApiKey } from '@bloomline/contract';

import type { Db, DbOrTx } from '../db/client';
import { runStatement, statement } from '../db/statement';
import { apiKeys, partners } from '../db/schema';
import { audit } from '../lib/audit';
import { ReadCache } from '../lib/read-cache';
import { randomToken, safeEqual } from '../lib/crypto';
import { HttpError, tooManyRequests, ValidationError } from '../lib/errors';

/**
 * API keys (issue 34): made by staff (modules/api-keys) and by the seed for the demo command, checked by the
 * intake's guard (plugins/api-key-auth.ts). A key is `blk_` and 43 random characters (32 bytes); the database
 * keeps its first twelve characters, to find it, and its SHA-256, to check it. A key has 256 bits of
 * entropy, so a plain hash is as good as a slow one and keeps the check cheap; unlike a session id it is not
 * bound to SESSION_SECRET, so changing that secret does not cut the shop off.
 */

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** What a key is made with: its name, its shop (the name when not given) and the partner whose till it is. */
export interface KeyToMake {
  name: string;
  shop?: string | undefined;
  partnerId?: number | undefined;
}

/**
 * The shop a new key belongs to: the one named (else the key's name), spelt as an existing key already spells it
 * when only the case differs, so a key made to replace "Web shop" as "web shop" still numbers with it.
 */
async function shopOf(tx: DbOrTx, named: string): Promise<string> {
  const [known] = await tx
    .select({ shop: apiKeys.shop })
    .from(apiKeys)
    .where(sql`lower(${apiKeys.shop}) = lower(${named})`)
    .orderBy(apiKeys.id)
    .limit(1);
  return known?.shop ?? named;
}

/** Makes a key: the row (hash and prefix only) and its audit entry; the key itself is answered this once. */
export async function makeApiKey(tx: DbOrTx, made: KeyToMake, userId: number | null): Promise<NewApiKey> {
  const { name } = made;
  const shop = await shopOf(tx, made.shop || name);
  const partnerId = made.partnerId ?? null;
  let partnerName: string | null = null;
  if (partnerId !== null) {
    const [partner] = await tx
      .select({ name: partners.name })
      .from(partners)
      .where(and(eq(partners.id, partnerId), eq(partners.enabled, true)));
    if (!partner) throw ValidationError.field('partnerId', API_KEY_TEXTS.unknownPartner);
    partnerName = partner.name;
  }
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const prefix = key.slice(0, API_KEY_SHOWN_LENGTH);
  const [row] = await tx
    .insert(apiKeys)
    .values({ name, shop, partnerId, prefix, keyHash: hashOf(key), createdBy: userId })
    .returning({ id: apiKeys.id });
  const ofShop = shop === name ? '' : ` of the shop "${shop}"`;
  const forPartner = partnerName === null ? '' : ` for ${partnerName}'s till`;
  await audit(tx, {
    userId,
    event: 'created',
    message: `API key "${name}" (${prefix}…)${ofShop}${forPartner} created`,
    propertyType: 'api key',
    propertyId: row!.id,
    oldValues: null,
    newValues: { name, prefix, shop, ...(partnerId === null ? {} : { partnerId }) },
  });
  return { id: row!.id, name, shop, partnerId, prefix, key };
}

export interface KeyHolder {
  id: number;
  name: string;
  /** The shop whose numbering the key's orders use. */
  shop: string;
  /** The partner whose till the key is, with their name (for the refusal's words); null for a shop's key. */
  partnerId: number | null;
  partnerName: string | null;
}

/** A 401 in the words the shop's developer needs. */
const refused = (message: string) => new HttpError(401, message, { 'www-authenticate': 'Bearer' });

/** The key of an `Authorization: Bearer <key>` header, or null. */
export function bearerKey(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** The live keys with this prefix (one, but for a one-in-2⁷² clash), each with its hash to check. */
const LIVE_KEYS = statement(
  'api_key_live',
  `select k.id, k.name, k.shop, k.partner_id as "partnerId", p.name as "partnerName", k.key_hash as "keyHash",
     k.last_used_at as "lastUsedAt"
   from api_keys k left join partners p on p.id = k.partner_id
   where k.prefix = $1 and k.revoked_at is null`,
);
type Candidate = KeyHolder & { keyHash: string; lastUsedAt: Date | null } & Record<string, unknown>;

const keyCaches = new WeakMap<Db, ReadCache<Candidate[]>>();
/** How long a key's row is kept for its hash check: a revoked key is refused by `COUNT_CALL` all the same. */
const KEY_CACHE_MS = 60_000;

/**
 * The live keys with this prefix, kept a minute once found (a shop's calls then cost one statement, not two).
 * Safe because nothing kept decides alone: `COUNT_CALL` checks at every call that the key is still live, and the
 * first use is recorded by an update that only an unused key passes. A prefix that finds nothing is not kept,
 * so a key made a moment later works at once and unknown prefixes cannot fill the cache.
 */
async function liveKeys(db: Db, prefix: string): Promise<Candidate[]> {
  let cache = keyCaches.get(db);
  if (!cache) keyCaches.set(db, (cache = new ReadCache<Candidate[]>(KEY_CACHE_MS, 1_000)));
  const kept = cache.get(prefix);
  if (kept) return kept;
  const found = await runStatement<Candidate>(db, LIVE_KEYS, [prefix]);
  if (found.length > 0) cache.set(prefix, found);
  return found;
}

/** One more call in the key's minute (a new minute when the last one ended), unless revoked meanwhile. */
const COUNT_CALL = statement(
  'api_key_count_call',
  `update api_keys set
     window_calls = case when window_ends_at > now() then window_calls + 1 else 1 end,
     window_ends_at = case when window_ends_at > now() then window_ends_at else now() + interval '60 seconds' end,
     last_used_at = now()
   where id = $1 and revoked_at is null
   returning window_calls as calls, window_ends_at as "endsAt"`,
);

/**
 * Who sends this key: a live key's holder, or a 401 (missing, unknown, revoked) or a 429 (over the minute's
 * calls), in statements written once (`LIVE_KEYS`, kept a minute, and `COUNT_CALL`). A revoked key is refused
 * at once by every instance: `COUNT_CALL` counts only a live key's call. The first use of a key is audited;
 * every use counts towards the key's minute in one statement, so calls on several instances at once cannot slip
 * past the limit together.
 */
export async function keyHolder(db: Db, header: string | undefined): Promise<KeyHolder> {
  const key = bearerKey(header);
  if (!key) throw refused(API_KEY_TEXTS.missing);
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw refused(API_KEY_TEXTS.invalid);
  const candidates = await liveKeys(db, key.slice(0, API_KEY_SHOWN_LENGTH));
  const hash = hashOf(key);
  const holder = candidates.find((c) => safeEqual(c.keyHash, hash));
  if (!holder) throw refused(API_KEY_TEXTS.invalid);
  if (holder.lastUsedAt === null) {
    await noteFirstUse(db, holder);
    holder.lastUsedAt = new Date();
  }
  const [count] = await runStatement<{ calls: number; endsAt: Date | null }>(db, COUNT_CALL, [holder.id]);
  // Revoked between the two statements.
  if (!count) throw refused(API_KEY_TEXTS.invalid);
  if (count.calls > API_KEY_CALLS_PER_MINUTE) {
    const seconds = Math.max(1, Math.ceil(((count.endsAt?.getTime() ?? Date.now()) - Date.now()) / 1000));
    throw tooManyRequests(API_KEY_TEXTS.throttled(seconds), seconds);
  }
  const { id, name, shop, partnerId, partnerName } = holder;
  return { id, name, shop, partnerId, partnerName };
}

/** The first call with a key is audited once, however many arrive at once (only one finds it unused). */
async function noteFirstUse(db: Db, holder: Pick<KeyHolder, 'id' | 'name'>) {
  await db.transaction(async (tx) => {
    const [first] = await tx
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.id, holder.id), isNull(apiKeys.lastUsedAt)))
      .returning({ id: apiKeys.id });
    if (!first) return;
    await audit(tx, {
      userId: null,
      event: 'updated',
      message: `API key "${holder.name}" used for the first time`,
      propertyType: 'api key',
      propertyId: holder.id,
      oldValues: { lastUsedAt: null },
      newValues: { lastUsedAt: 'first use' },
    });
  });
}
