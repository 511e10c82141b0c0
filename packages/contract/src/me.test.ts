import { describe, expect, it } from 'vitest';

import { isStaffRole, partnerSideOf, ROLE_IDS } from './me';
import { lacksPartner, USER_MESSAGES, userBody } from './users';
import { toErrorBag } from './validation';

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

describe('lacksPartner: a partner user works for a partner', () => {
  it('refuses the partner role without a partner, on the body and on the stored record alike', () => {
    expect(lacksPartner(ROLE_IDS.partner, null)).toBe(true);
    expect(lacksPartner(ROLE_IDS.partner, 3)).toBe(false);
    expect(lacksPartner(ROLE_IDS.staff, null)).toBe(false);
    // Left out of an update: the stored value decides (the service passes it merged).
    expect(lacksPartner(ROLE_IDS.partner, undefined)).toBe(false);
    const refused = userBody.safeParse({ name: 'A', email: 'a@example.com', role_id: 1, partner_id: '' });
    expect(toErrorBag(refused.error?.issues ?? []).partner_id).toEqual([USER_MESSAGES.partnerRequired]);
  });
});
