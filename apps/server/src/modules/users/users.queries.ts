import { asc, eq, sql } from 'drizzle-orm';

import { isStaffRole, partnerSideOf, staffSideOf } from '@bloomline/contract';
import type { UserListQuery, UserRecord } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { partners, roles, users } from '../../db/schema';
import { searchWhere, sortBy, sqlInteger, totalRows } from '../../lib/paged-list';

/** A user's stored columns; `recordOf` makes the record the list and the form read. */
const recordColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  enabled: users.enabled,
  role: sql<UserRecord['role']>`json_build_object('id', ${roles.id}, 'name', ${roles.name})`,
  partner: sql<UserRecord['partner']>`case when ${partners.id} is null then null
    else json_build_object('id', ${partners.id}, 'name', ${partners.name}) end`,
  partnerStatements: users.partnerStatements,
  manageXero: users.manageXero,
  authenticateXero: users.authenticateXero,
  managePayouts: users.managePayouts,
};

type StoredUser = {
  id: number;
  name: string;
  email: string;
  phoneNumber: string | null;
  roleId: number;
  enabled: boolean;
  role: UserRecord['role'];
  partner: UserRecord['partner'];
  partnerStatements: boolean;
  manageXero: boolean;
  authenticateXero: boolean;
  managePayouts: boolean;
};

/** A user as the list and the form read it: the contract decides that staff have no partner side. */
function recordOf({ roleId, partner, partnerStatements, ...row }: StoredUser): UserRecord {
  const side = partnerSideOf(roleId, { partner, partnerStatements });
  const staff = staffSideOf(roleId, row);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    isStaff: isStaffRole(roleId),
    enabled: row.enabled,
    role: row.role,
    partner: side.partner,
    permissions: { partnerStatements: side.partnerStatements, ...staff },
  };
}

const SORTS = { name: users.name, email: users.email, created_at: users.createdAt };

const listWhere = (request: UserListQuery) =>
  searchWhere(request.q, [users.name, users.email, users.phoneNumber]);

/** One page of users with their roles and partners, and the list's size, in one statement. */
export async function userPage(db: DbOrTx, request: UserListQuery, page: { limit: number; offset: number }) {
  const rows = await db
    .select({ ...recordColumns, total_rows: totalRows() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(listWhere(request))
    .orderBy(...sortBy(SORTS, request.s, request.d, users.id))
    .limit(sqlInteger(page.limit))
    .offset(sqlInteger(page.offset));
  return rows.map((row) => ({ ...recordOf(row), total_rows: row.total_rows }));
}

export async function userCount(db: DbOrTx, request: UserListQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(listWhere(request));
  return row?.n ?? 0;
}

export async function userById(db: DbOrTx, id: number): Promise<UserRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(eq(users.id, id));
  return row ? recordOf(row) : null;
}

/** The stored row, locked for the change that reads it to decide. */
export async function lockUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export const roleList = (db: DbOrTx) =>
  db.select({ id: roles.id, name: roles.name, slug: roles.slug }).from(roles).orderBy(asc(roles.id));
