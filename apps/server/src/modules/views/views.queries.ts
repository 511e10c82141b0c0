import { and, asc, desc, eq, or, sql } from 'drizzle-orm';

import type { SavedView, SavedViewList } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { savedViews, users } from '../../db/schema';

/** Who asks: their own views, and (staff) those other staff shared. */
export interface ViewOwner {
  id: number;
  isStaff: boolean;
}

const columns = {
  id: savedViews.id,
  name: savedViews.name,
  query: savedViews.query,
  shared: savedViews.shared,
  userId: savedViews.userId,
  position: savedViews.position,
  owner: users.name,
};

type ViewRow = {
  id: number;
  name: string;
  query: string;
  shared: boolean;
  userId: number;
  owner: string | null;
};

export const toView = (row: ViewRow, viewer: ViewOwner): SavedView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  shared: row.shared,
  mine: row.userId === viewer.id,
  owner: row.userId === viewer.id ? null : row.owner,
});

/** The tabs of a list: the user's own views in their order, then the views other staff shared, by name. */
export async function viewsOf(db: DbOrTx, viewer: ViewOwner, list: SavedViewList): Promise<SavedView[]> {
  const rows = await db
    .select(columns)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId))
    .where(
      and(
        eq(savedViews.list, list),
        viewer.isStaff
          ? or(eq(savedViews.userId, viewer.id), and(eq(savedViews.shared, true), eq(users.enabled, true)))
          : eq(savedViews.userId, viewer.id),
      ),
    )
    .orderBy(
      desc(sql`${savedViews.userId} = ${viewer.id}`),
      asc(savedViews.position),
      asc(sql`lower(${savedViews.name})`),
      asc(savedViews.id),
    );
  return rows.map((r) => toView(r, viewer));
}

/** One of the user's own views, locked for a change; another's (shared or not) is none of theirs to change. */
export async function ownView(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .for('update');
  return row;
}

/** The user's own views of a list in their order, locked (reordering renumbers them). */
export async function ownViewsOf(db: DbOrTx, userId: number, list: string) {
  return db
    .select({ id: savedViews.id, position: savedViews.position })
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.list, list)))
    .orderBy(asc(savedViews.position), asc(savedViews.id))
    .for('update');
}
