import { eq, inArray, sql } from 'drizzle-orm';

import type { CurrentUser } from '@bloomline/contract';
import { ROLE_IDS } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { partners, roles, settings, users } from '../../db/schema';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function readSettings(db: DbOrTx) {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, ['vat', 'features.statements']));
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return { vat: vatSetting(value('vat')), statements: value('features.statements') !== false };
}

/** The `vat` setting's stored value as a fraction; 0.15 when it is missing or not a number. */
export function vatSetting(value: unknown): number {
  const vat = Number(value ?? 0.15);
  return Number.isFinite(vat) ? vat : 0.15;
}

/** GET /api/me: the user with role, partner, permissions, settings and features. */
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
  const isStaff = user.roleId === ROLE_IDS.staff;
  const xero = isStaff && user.manageXero;
  const s = await readSettings(db);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phoneNumber: user.phoneNumber,
    isStaff,
    enabled: user.enabled,
    role: row.role,
    partner: !isStaff && row.partner ? row.partner : null,
    permissions: {
      authenticateXero: xero,
      manageXero: xero,
      partnerStatements: !isStaff && user.partnerStatements,
    },
    settings: { vat: s.vat },
    features: { statements: s.statements },
  };
}
