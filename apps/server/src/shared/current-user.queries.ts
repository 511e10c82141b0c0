import { eq } from 'drizzle-orm';

import type { CurrentUser } from '@bloomline/contract';
import { isStaffRole, partnerSideOf } from '@bloomline/contract';

import type { DbOrTx } from '../db/client';
import { partners, roles, users } from '../db/schema';
import { permissionsOf } from './permissions';
import { readSettings } from './settings.queries';

/** GET /api/me (and a user's own profile save): the user with role, partner, permissions, settings and features. */
export async function loadCurrentUser(db: DbOrTx, userId: number): Promise<CurrentUser | null> {
  const [row] = await db
    .select({
      user: users,
      role: { id: roles.id, name: roles.name, slug: roles.slug },
      partner: {
        id: partners.id,
        name: partners.name,
        partnerType: partners.partnerType,
        enabled: partners.enabled,
      },
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { user } = row;
  const s = await readSettings(db);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phoneNumber: user.phoneNumber,
    isStaff: isStaffRole(user.roleId),
    enabled: user.enabled,
    role: row.role,
    partner: partnerSideOf(user.roleId, { partner: row.partner, partnerStatements: false }).partner,
    permissions: permissionsOf(user),
    settings: { vat: s.vat },
    features: { statements: s.statements },
  };
}
