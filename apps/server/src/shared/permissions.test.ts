import { describe, expect, it } from 'vitest';

import { partnerSideOf, ROLE_IDS } from '@bloomline/contract';

import { permissionsOf } from './permissions';

// The permissions GET /api/me shows and requirePermission checks: one rule for both.
describe('permissionsOf', () => {
  const all = { manageXero: true, authenticateXero: true, managePayouts: true, partnerStatements: true };
  const none = { manageXero: false, authenticateXero: false, managePayouts: false };

  it('gives the accounting permissions to staff only, and partner statements to partner users only', () => {
    expect(permissionsOf({ roleId: ROLE_IDS.staff, ...all })).toEqual({
      authenticateXero: true,
      manageXero: true,
      managePayouts: true,
      partnerStatements: false,
    });
    expect(permissionsOf({ roleId: ROLE_IDS.partner, ...all })).toEqual({
      authenticateXero: false,
      manageXero: false,
      managePayouts: false,
      partnerStatements: true,
    });
  });

  it('keeps each staff permission apart (the user form sets them one by one)', () => {
    const p = permissionsOf({
      roleId: ROLE_IDS.staff,
      ...none,
      managePayouts: true,
      partnerStatements: false,
    });
    expect(p).toEqual({
      authenticateXero: false,
      manageXero: false,
      managePayouts: true,
      partnerStatements: false,
    });
    expect(
      permissionsOf({ roleId: ROLE_IDS.staff, ...none, authenticateXero: true, partnerStatements: false })
        .authenticateXero,
    ).toBe(true);
  });

  it('reads partner statements with the contract’s rule for a staff user’s partner side', () => {
    for (const roleId of [ROLE_IDS.staff, ROLE_IDS.partner]) {
      for (const partnerStatements of [true, false]) {
        expect(permissionsOf({ roleId, ...none, partnerStatements }).partnerStatements).toBe(
          partnerSideOf(roleId, { partner: null, partnerStatements }).partnerStatements,
        );
      }
    }
  });
});
