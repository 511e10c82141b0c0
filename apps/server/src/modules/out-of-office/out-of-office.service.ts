import { eq } from 'drizzle-orm';

import { START_IN_PAST, startAllowed, type OfflineTime, type OfflineTimeUpdate } from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { partnerOfflineTimes } from '../../db/schema';
import { recordChange } from '../../lib/audit';
import { notFound, ValidationError } from '../../lib/errors';
import { reachesPartner, type Viewer } from '../../lib/viewer';
import { offlineTimeById, offlineTimesOf, partnerName } from './out-of-office.queries';

type Dates = { startDate: string; endDate: string };

/**
 * The partner whose periods are asked for, by name: a partner user reaches only their own (any other id is
 * 404, as if it did not exist), staff any partner that exists.
 */
async function reachablePartner(db: DbOrTx, viewer: Viewer, partnerId: number, lock = false) {
  if (!reachesPartner(viewer, partnerId)) throw notFound();
  const name = await partnerName(db, partnerId, lock);
  if (name === null) throw notFound();
  return name;
}

const auditValues = ({ startDate, endDate, enabled }: OfflineTime) => ({ startDate, endDate, enabled });
const describe = (name: string, p: Dates) =>
  `Out-of-office period of ${name} (${p.startDate} to ${p.endDate})`;

/** Out-of-office periods: while an enabled one covers a delivery date, the partner is no reassign candidate. */
export function createOfflineTimesService({ db }: { db: Db }) {
  return {
    list: async (viewer: Viewer, partnerId: number): Promise<OfflineTime[]> => {
      await reachablePartner(db, viewer, partnerId);
      return offlineTimesOf(db, partnerId);
    },

    get: async (viewer: Viewer, partnerId: number, id: number): Promise<OfflineTime> => {
      await reachablePartner(db, viewer, partnerId);
      const row = await offlineTimeById(db, partnerId, id);
      if (!row) throw notFound();
      return row;
    },

    create: (viewer: Viewer, partnerId: number, input: Dates) =>
      db.transaction(async (tx): Promise<OfflineTime> => {
        const name = await reachablePartner(tx, viewer, partnerId, true);
        const [row] = await tx
          .insert(partnerOfflineTimes)
          .values({ partnerId, startDate: input.startDate, endDate: input.endDate, enabled: true })
          .returning();
        if (!row) throw new Error('insert returned no row');
        const created = { id: row.id, partnerId, ...auditValues(row) };
        await recordChange(tx, {
          userId: viewer.userId,
          type: 'partner offline time',
          id: row.id,
          event: 'created',
          message: `${describe(name, created)} created.`,
          after: { partnerId, ...auditValues(created) },
        });
        return created;
      }),

    update: (viewer: Viewer, partnerId: number, id: number, input: OfflineTimeUpdate) =>
      db.transaction(async (tx): Promise<OfflineTime> => {
        const name = await reachablePartner(tx, viewer, partnerId);
        const before = await offlineTimeById(tx, partnerId, id, true);
        if (!before) throw notFound();
        // A start moved into the past is refused; one left as it was stays, even once that day has gone.
        if (!startAllowed(input.startDate, before.startDate))
          throw ValidationError.field('startDate', START_IN_PAST);
        const after: OfflineTime = {
          ...before,
          startDate: input.startDate,
          endDate: input.endDate,
          enabled: input.enabled ?? before.enabled,
        };
        await tx
          .update(partnerOfflineTimes)
          .set({ startDate: after.startDate, endDate: after.endDate, enabled: after.enabled })
          .where(eq(partnerOfflineTimes.id, id));
        await recordChange(tx, {
          userId: viewer.userId,
          type: 'partner offline time',
          id,
          event: 'updated',
          message: `${describe(name, after)} updated.`,
          before: auditValues(before),
          after: auditValues(after),
        });
        return after;
      }),

    remove: (viewer: Viewer, partnerId: number, id: number) =>
      db.transaction(async (tx) => {
        const name = await reachablePartner(tx, viewer, partnerId);
        const before = await offlineTimeById(tx, partnerId, id, true);
        if (!before) throw notFound();
        await tx.delete(partnerOfflineTimes).where(eq(partnerOfflineTimes.id, id));
        await recordChange(tx, {
          userId: viewer.userId,
          type: 'partner offline time',
          id,
          event: 'deleted',
          message: `${describe(name, before)} deleted.`,
          before: { partnerId, ...auditValues(before) },
        });
      }),
  };
}
export type OfflineTimesService = ReturnType<typeof createOfflineTimesService>;
