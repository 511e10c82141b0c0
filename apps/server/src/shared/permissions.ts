import { eq } from 'drizzle-orm';

import { partnerSideOf, staffSideOf } from '@bloomline/contract';
import type { CurrentUser } from '@bloomline/contract';

import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

type PermissionFlags = {
  roleId: number;
  manageXero: boolean;
  authenticateXero: boolean;
  managePayouts: boolean;
  partnerStatements: boolean;
};

/**
 * A user's permissions, decided here once: GET /api/me shows them and every route that needs one checks
 * the same rule (plugins/permission-guard.ts). The accounting (Xero) permissions and payouts are staff's only;
 * partner statements a partner user's (the contract's partnerSideOf).
 */
export function permissionsOf(user: PermissionFlags): CurrentUser['permissions'] {
  const { partnerStatements } = partnerSideOf(user.roleId, { partner: null, ...user });
  const { authenticateXero, manageXero, managePayouts } = staffSideOf(user.roleId, user);
  return { authenticateXero, manageXero, managePayouts, partnerStatements };
}

/** The permissions of a user as stored now (the session carries none); null for a user that is gone. */
export async function permissionsOfUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      roleId: users.roleId,
      manageXero: users.manageXero,
      authenticateXero: users.authenticateXero,
      managePayouts: users.managePayouts,
      partnerStatements: users.partnerStatements,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? permissionsOf(row) : null;
}
