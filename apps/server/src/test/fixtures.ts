import { hash } from '@node-rs/argon2';

import { DEFAULT_REJECT_REASONS, ROLE_IDS } from '@bloomline/contract';

import type { Db } from '../db/client';
import { orderLineRejectReasons, partners, roles, settings, users } from '../db/schema';

export const PASSWORD = 'password';

/** The smallest world the API tests need: staff, two partners with a user each, and a disabled user. */
export async function createFixtures(db: Db) {
  const passwordHash = await hash(PASSWORD);
  await db.insert(roles).values([
    { id: ROLE_IDS.partner, name: 'Partner', slug: 'partner' },
    { id: ROLE_IDS.staff, name: 'Admin', slug: 'admin' },
  ]);
  await db.insert(settings).values([
    { key: 'vat', value: 0.15 },
    { key: 'features.statements', value: true },
  ]);
  await db
    .insert(orderLineRejectReasons)
    .values(DEFAULT_REJECT_REASONS.map((reason, position) => ({ reason, position })));
  const [partnerA, partnerB] = await db
    .insert(partners)
    .values([
      { name: 'Protea Petals', latitude: -33.9249, longitude: 18.4241, radiusKm: 20, commission: '0.2500' },
      {
        name: 'Fynbos & Co',
        latitude: -33.93,
        longitude: 18.46,
        radiusKm: 15,
        commission: '0.2000',
        vatNumber: '4123456789',
      },
    ])
    .returning();
  const [staff, userA, userB, disabled] = await db
    .insert(users)
    .values([
      {
        name: 'Ada Admin',
        email: 'admin@example.com',
        passwordHash,
        roleId: ROLE_IDS.staff,
        manageXero: true,
        authenticateXero: true,
        managePayouts: true,
      },
      {
        name: 'Fiona Florist',
        email: 'florist@example.com',
        passwordHash,
        roleId: ROLE_IDS.partner,
        partnerId: partnerA!.id,
        partnerStatements: true,
      },
      {
        name: 'Frank Florist',
        email: 'florist2@example.com',
        passwordHash,
        roleId: ROLE_IDS.partner,
        partnerId: partnerB!.id,
      },
      {
        name: 'Dora Disabled',
        email: 'disabled@example.com',
        passwordHash,
        roleId: ROLE_IDS.partner,
        partnerId: partnerA!.id,
        enabled: false,
      },
    ])
    .returning();
  return {
    partnerA: partnerA!,
    partnerB: partnerB!,
    staff: staff!,
    userA: userA!,
    userB: userB!,
    disabled: disabled!,
  };
}

export type Fixtures = Awaited<ReturnType<typeof createFixtures>>;
