import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

import { IDEMPOTENCY_FIELD, IDEMPOTENCY_TEXTS } from '@bloomline/contract';

import { rowsOf } from '../db/bulk';
import type { Db, Tx } from '../db/client';
import { ValidationError } from './errors';
import { currentUser } from './session-user';

/**
 * Retries make one record (DECISIONS.md "Money that cannot go wrong", docs/decisions.md "Issue 46: retries make
 * one record"). A route declared `idempotent` in the contract reads an `Idempotency-Key` header (the route kit,
 * `lib/area-routes.ts`, validates it and calls `underIdempotencyKey`); its service runs its one transaction with
 * `transactionOnce` instead of `db.transaction`. Inside that transaction the key is claimed first (a row of
 * `idempotency_keys`, unique per user and key), then the work runs, then its answer is written to the row: the
 * records and the answer commit together, so a process killed after the commit and before its reply leaves the
 * answer for the retry, and one killed before the commit leaves neither. A second request with the key while
 * the first is in flight waits on the unique index until the first commits, then answers the first's answer
 * (or, if the first rolled back, does the work itself). Whatever a keyed call does must happen inside `work`:
 * a replay answers the stored answer without running it.
 */

/** A value that goes through JSON unchanged (no dates, maps or undefined): what a keyed call's service answers. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

/** How long a key's answer is kept: the same key a day later is a new request. */
export const KEY_HOURS = 24;

/** The request a key was sent with, while its handler runs. */
interface KeyedCall {
  userId: number;
  key: string;
  /** The route: `POST /api/orders/:id/refunds`. */
  scope: string;
  requestHash: string;
  status: number;
  claimed: boolean;
}

const keyedCall = new AsyncLocalStorage<KeyedCall>();

/** JSON with every object's keys in order: the same request always hashes the same. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What identifies a request under its key: the route's parameters and its body as validated. */
export const requestHash = (params: unknown, body: unknown) =>
  createHash('sha256').update(canonical({ params, body })).digest('hex');

/**
 * Runs a keyed route's handler (`run`) with its key in reach of `transactionOnce`; without the header, `run` as
 * it is. The header has been validated by the route's schema (`idempotencyHeaders`). A handler that answered
 * without claiming the key is a route declared idempotent whose service does not honour it: a bug, said loudly.
 */
export async function underIdempotencyKey<T>(
  request: FastifyRequest,
  scope: string,
  status: number,
  run: () => T,
): Promise<Awaited<T>> {
  const key = request.headers[IDEMPOTENCY_FIELD];
  if (typeof key !== 'string') return await run();
  const call: KeyedCall = {
    userId: currentUser(request).id,
    key,
    scope,
    requestHash: requestHash(request.params, request.body),
    status,
    claimed: false,
  };
  const result = await keyedCall.run(call, run);
  if (!call.claimed)
    throw new Error(`${scope} is declared idempotent but its service made no transactionOnce`);
  return result;
}

/** Rows past their day, a few at a time, none that another transaction holds: cheap enough for every claim. */
const clearExpired = (tx: Tx) =>
  tx.execute(sql`delete from idempotency_keys where id in (
    select id from idempotency_keys where created_at < now() - make_interval(hours => ${KEY_HOURS})
    order by created_at limit 100 for update skip locked)`);

/** The key's row, made (or a stale one taken over); no row when a live one has it (committed first). */
const claim = (tx: Tx, call: KeyedCall) =>
  rowsOf<{ id: number }>(
    tx,
    sql`insert into idempotency_keys (user_id, key, scope, request_hash, status)
        values (${call.userId}, ${call.key}, ${call.scope}, ${call.requestHash}, ${call.status})
        on conflict (user_id, key) do update set scope = excluded.scope, request_hash = excluded.request_hash,
          status = excluded.status, answer = null, created_at = now()
        where idempotency_keys.created_at < now() - make_interval(hours => ${KEY_HOURS})
        returning id`,
  );

type StoredRow = { scope: string; request_hash: string; answer: unknown };

/**
 * A service's one transaction, honouring the request's `Idempotency-Key` when it sent one (else exactly
 * `db.transaction(work)`): the first request under a key does the work and keeps its answer with it; a retry
 * answers that answer and does nothing; another request under the key is a 422 on the header.
 */
export async function transactionOnce<T extends Json>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const call = keyedCall.getStore();
  if (!call) return db.transaction(work);
  if (call.claimed) throw new Error(`${call.scope}: a keyed call claims its key in one transaction`);
  call.claimed = true;
  return db.transaction(async (tx) => {
    await clearExpired(tx);
    const [mine] = await claim(tx, call);
    if (!mine) {
      const [stored] = await rowsOf<StoredRow>(
        tx,
        sql`select scope, request_hash, answer from idempotency_keys
            where user_id = ${call.userId} and key = ${call.key}`,
      );
      if (stored?.scope !== call.scope || stored.request_hash !== call.requestHash)
        throw ValidationError.field(IDEMPOTENCY_FIELD, IDEMPOTENCY_TEXTS.otherRequest);
      return stored.answer as T;
    }
    const answer = await work(tx);
    await tx.execute(
      sql`update idempotency_keys set answer = ${JSON.stringify(answer)}::jsonb where id = ${mine.id}`,
    );
    return answer;
  });
}
