import { EventEmitter } from 'node:events';

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import { newOrderEvent } from '@bloomline/contract';
import type { NewOrderEvent } from '@bloomline/contract';

import type { Database } from '../../db/client';

const CHANNEL = 'bloomline_new_order';

/**
 * Live new-order events for the open apps' streams. On PostgreSQL an event goes out as NOTIFY and comes back
 * to every instance (this one included) through its LISTEN connection, so a client connected to any instance
 * hears of an order assigned on another; on the embedded database, one process's own, it stays in-process.
 */
export function createOrderEvents({ database, log }: { database: Database; log: FastifyBaseLogger }) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let stop: (() => Promise<void>) | undefined;

  const deliver = (payload: string) => {
    try {
      const event = newOrderEvent.safeParse(JSON.parse(payload));
      if (event.success) emitter.emit('new-order', event.data);
    } catch {
      log.warn('ignored a malformed new-order notification');
    }
  };

  return {
    async start() {
      if (!database.listen || stop) return;
      stop = await database.listen(CHANNEL, deliver, (err) =>
        log.warn({ err: err.message }, 'the new-order LISTEN connection failed; reconnecting'),
      );
    },
    async close() {
      await stop?.();
      stop = undefined;
    },
    async publish(event: NewOrderEvent) {
      if (database.listen && stop) {
        await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
      } else emitter.emit('new-order', event);
    },
    /** Calls `listener` for each event until the returned function is called. */
    subscribe(listener: (event: NewOrderEvent) => void): () => void {
      emitter.on('new-order', listener);
      return () => emitter.off('new-order', listener);
    },
  };
}

export type OrderEvents = ReturnType<typeof createOrderEvents>;
