import { describe, expect, it } from 'vitest';

import { partnerSideOf, ROLE_IDS } from '@bloomline/contract';

import { permissionsOf } from './permissions';

// The permissions GET /api/me shows and requirePermission checks: one rule for both.
describe('permissionsOf', () => {
  const all = { manageXero: true, partnerStatements: true };

  it('gives the accounting permissions to staff only, and partner statements to partner users only', () => {
    expect(permissionsOf({ roleId: ROLE_IDS.staff, ...all })).toEqual({
      authenticateXero: true,
      manageXero: true,
      partnerStatements: false,
    });
    expect(permissionsOf({ roleId: ROLE_IDS.partner, ...all })).toEqual({
      authenticateXero: false,
      manageXero: false,
      partnerStatements: true,
    });
  });

  it('reads partner statements with the contract’s rule for a staff user’s partner side', () => {
    for (const roleId of [ROLE_IDS.staff, ROLE_IDS.partner]) {
      for (const partnerStatements of [true, false]) {
        expect(permissionsOf({ roleId, manageXero: false, partnerStatements }).partnerStatements).toBe(
          partnerSideOf(roleId, { partner: null, partnerStatements }).partnerStatements,
        );
      }
    }
  });
});
