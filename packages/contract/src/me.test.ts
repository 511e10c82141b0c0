import { describe, expect, it } from 'vitest';

import { isStaffRole, partnerSideOf, ROLE_IDS } from './me';

describe('partnerSideOf: staff have no partner and no partner permissions', () => {
  const stored = { partner: { id: 7, name: 'Petal & Stem' }, partnerStatements: true };

  it('drops a staff user’s partner and statements flag, whatever is stored or sent', () => {
    expect(isStaffRole(ROLE_IDS.staff)).toBe(true);
    expect(partnerSideOf(ROLE_IDS.staff, stored)).toEqual({ partner: null, partnerStatements: false });
  });

  it('keeps a partner user’s as they are', () => {
    expect(partnerSideOf(ROLE_IDS.partner, stored)).toEqual(stored);
    expect(partnerSideOf(ROLE_IDS.partner, { partner: null, partnerStatements: false })).toEqual({
      partner: null,
      partnerStatements: false,
    });
  });
});
