import { eq } from 'drizzle-orm';

import type { SavedView, SavedViewList, savedViewBody, savedViewUpdate } from '@bloomline/contract';
import { MAX_VIEWS_PER_LIST, VIEW_MESSAGES } from '@bloomline/contract';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client';
import { savedViews, users } from '../../db/schema';
import { auditTrail } from '../../lib/audit';
import { found, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { ownView, ownViewsOf, viewsOf } from './views.queries';

type ViewBody = z.output<typeof savedViewBody>;
type ViewUpdate = z.output<typeof savedViewUpdate>;
type ViewRow = typeof savedViews.$inferSelect;

const trail = auditTrail('saved view', (v: ViewRow) => ({
  list: v.list,
  name: v.name,
  query: v.query,
  shared: v.shared,
  position: v.position,
}));

const asView = (row: ViewRow): SavedView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  shared: row.shared,
  mine: true,
  owner: null,
});

/** Only staff share: a partner user's `shared: true` is refused under the field. */
function checkSharing(user: SessionUser, shared: boolean | undefined) {
  if (shared && !user.isStaff) throw ValidationError.field('shared', VIEW_MESSAGES.shareStaffOnly);
}

/** Puts one view at `position` among its owner's views of the list and numbers them all again from 0. */
async function moveTo(tx: Tx, userId: number, list: string, id: number, position: number) {
  const others = (await ownViewsOf(tx, userId, list)).filter((v) => v.id !== id).map((v) => v.id);
  others.splice(Math.min(position, others.length), 0, id);
  for (const [i, viewId] of others.entries())
    await tx.update(savedViews).set({ position: i }).where(eq(savedViews.id, viewId));
}

/**
 * Saved views (issue 40, DECISIONS.md "Many at once"): a user reads their own views of a list and (staff) those
 * other staff shared; only a view's owner renames, refilters, shares, moves or deletes it (anyone else's is 404).
 */
export function createViewsService({ db }: { db: Db }) {
  return {
    list: (user: SessionUser, list: SavedViewList) => viewsOf(db, user, list),

    create: (user: SessionUser, body: ViewBody) =>
      db.transaction(async (tx): Promise<SavedView> => {
        checkSharing(user, body.shared);
        // The user's row, locked: two saves at once count each other's views.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const mine = await ownViewsOf(tx, user.id, body.list);
        if (mine.length >= MAX_VIEWS_PER_LIST) throw ValidationError.field('name', VIEW_MESSAGES.tooMany);
        const position = mine.reduce((max, v) => Math.max(max, v.position + 1), 0);
        const [row] = await tx
          .insert(savedViews)
          .values({
            userId: user.id,
            list: body.list,
            name: body.name,
            query: body.query,
            shared: body.shared ?? false,
            position,
          })
          .returning();
        await trail.created(tx, { userId: user.id, record: row!, message: `View "${body.name}" saved.` });
        return asView(row!);
      }),

    update: (user: SessionUser, id: number, body: ViewUpdate) =>
      db.transaction(async (tx): Promise<SavedView> => {
        checkSharing(user, body.shared);
        const before = found(await ownView(tx, user.id, id));
        if (body.position !== undefined) await moveTo(tx, user.id, before.list, id, body.position);
        const [after] = await tx
          .update(savedViews)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.query !== undefined ? { query: body.query } : {}),
            ...(body.shared !== undefined ? { shared: body.shared } : {}),
            updatedAt: new Date(),
          })
          .where(eq(savedViews.id, id))
          .returning();
        await trail.updated(tx, {
          userId: user.id,
          before,
          after: after!,
          message: `View "${after!.name}" updated.`,
        });
        return asView(after!);
      }),

    remove: (user: SessionUser, id: number) =>
      db.transaction(async (tx) => {
        const before = found(await ownView(tx, user.id, id));
        await tx.delete(savedViews).where(eq(savedViews.id, id));
        await trail.deleted(tx, {
          userId: user.id,
          record: before,
          message: `View "${before.name}" deleted.`,
        });
      }),
  };
}

export type ViewsService = ReturnType<typeof createViewsService>;
