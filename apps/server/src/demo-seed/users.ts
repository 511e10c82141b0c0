import { DEFAULT_REJECT_REASONS, DEFAULT_VAT } from '@bloomline/contract';
import { hash } from '@node-rs/argon2';

import type { DbOrTx } from '../db/client';
import { orderLineRejectReasons, roles, settings, users } from '../db/schema';
import type { Clock } from './dates';
import { addMinutes } from './dates';
import { insertMany } from '../db/bulk';
import { emailFor } from './names';
import type { Partner } from './partners';
import { DEMO_FLORIST, DEMO_FLORIST_2, DEMO_PASSWORD } from './demo-users';
import { mobilePhone, Rng, slugify } from './random';

export const ROLE_PARTNER = 1;
export const ROLE_STAFF = 2;

export interface People {
  adminId: number;
  staffIds: number[];
  /** Staff with the payouts permission (the bank details' four eyes). */
  payoutStaffIds: number[];
  /** The first user of each partner that has one: who acts on that partner's lines in the history. */
  userOfPartner: Map<number, number>;
  count: number;
}

interface UserSpec {
  name: string;
  email: string;
  role: number;
  partnerId?: number;
  statements?: boolean;
  xero?: boolean;
  payouts?: boolean;
  enabled?: boolean;
}

export async function seedPeople(db: DbOrTx, clock: Clock, partnerList: readonly Partner[]): Promise<People> {
  await insertMany(db, roles, [
    { id: ROLE_PARTNER, name: 'Partner', slug: 'partner' },
    { id: ROLE_STAFF, name: 'Admin', slug: 'admin' },
  ]);
  await insertMany(db, settings, [
    { key: 'vat', value: DEFAULT_VAT },
    { key: 'features.statements', value: true },
  ]);
  await insertMany(
    db,
    orderLineRejectReasons,
    DEFAULT_REJECT_REASONS.map((reason, i) => ({ id: i + 1, reason, position: i + 1 })),
  );

  const demo1 = partnerList.find((p) => p.name === DEMO_FLORIST)!;
  const demo2 = partnerList.find((p) => p.name === DEMO_FLORIST_2)!;
  const specs: UserSpec[] = [
    {
      name: 'Thandeka Mokoena',
      email: 'admin@example.com',
      role: ROLE_STAFF,
      xero: true,
      payouts: true,
    },
    {
      name: 'Anele Jacobs',
      email: 'florist@example.com',
      role: ROLE_PARTNER,
      partnerId: demo1.id,
      statements: true,
    },
    { name: 'Marike Botha', email: 'florist2@example.com', role: ROLE_PARTNER, partnerId: demo2.id },
    // A second Kloof Street user: the end-to-end password-reset journey resets this one, not the demo sign-ins.
    { name: 'Nomsa Dube', email: 'reset.demo@example.com', role: ROLE_PARTNER, partnerId: demo1.id },
    { name: 'Pieter van der Merwe', email: 'ops@example.com', role: ROLE_STAFF },
    { name: 'Ayesha Patel', email: 'finance@example.com', role: ROLE_STAFF, xero: true, payouts: true },
    { name: 'Sipho Ndlovu', email: 'support@example.com', role: ROLE_STAFF },
    { name: 'Lindiwe Khumalo', email: 'lindiwe.khumalo@example.com', role: ROLE_STAFF, enabled: false },
  ];
  // Owners of about half the other partners sign in too; a few may read statements, one account is disabled.
  partnerList.forEach((p, i) => {
    if (p.id === demo1.id || p.id === demo2.id || i % 2 === 1) return;
    const rng = Rng.for(2000, p.id);
    specs.push({
      name: `${p.ownerFirst} ${p.ownerLast}`,
      email: emailFor(p.ownerFirst, p.ownerLast, `${slugify(p.name)}.example`),
      role: ROLE_PARTNER,
      partnerId: p.id,
      statements: rng.chance(0.4),
      enabled: p.enabled && i !== 4,
    });
  });

  // One hash for everyone: argon2id costs tens of milliseconds on purpose.
  const passwordHash = await hash(DEMO_PASSWORD);
  const rows = specs.map((s, i) => {
    const createdAt = addMinutes(clock.now, -(380 - i) * 24 * 60);
    return {
      id: i + 1,
      name: s.name,
      email: s.email,
      phoneNumber: mobilePhone(Rng.for(2100, i)),
      passwordHash,
      roleId: s.role,
      partnerId: s.partnerId ?? null,
      enabled: s.enabled ?? true,
      partnerStatements: s.statements ?? false,
      manageXero: s.xero ?? false,
      authenticateXero: s.xero ?? false,
      managePayouts: s.payouts ?? false,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await insertMany(db, users, rows);

  const userOfPartner = new Map<number, number>();
  for (const r of rows)
    if (r.partnerId !== null && !userOfPartner.has(r.partnerId)) userOfPartner.set(r.partnerId, r.id);
  return {
    adminId: 1,
    staffIds: rows.filter((r) => r.roleId === ROLE_STAFF && r.enabled).map((r) => r.id),
    payoutStaffIds: rows.filter((r) => r.managePayouts && r.enabled).map((r) => r.id),
    userOfPartner,
    count: rows.length,
  };
}
