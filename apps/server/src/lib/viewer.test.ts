import { describe, expect, it } from 'vitest';

import { reachesPartner, reachesUser, viewerOf } from './viewer';

const staff = viewerOf({ id: 1, name: 'Ada', email: 'a@x', roleId: 2, partnerId: null, isStaff: true });
const florist = viewerOf({ id: 5, name: 'Fiona', email: 'f@x', roleId: 1, partnerId: 7, isStaff: false });
const orphan = viewerOf({ id: 6, name: 'Otto', email: 'o@x', roleId: 1, partnerId: null, isStaff: false });

// "The user themself or staff" and "their own partner or staff": the users, partners and out-of-office
// services and the users' route guard all ask these two.
describe('reachesUser', () => {
  it('lets staff reach every user and anyone else only themself', () => {
    expect(reachesUser(staff, 5)).toBe(true);
    expect(reachesUser(staff, 1)).toBe(true);
    expect(reachesUser(florist, 5)).toBe(true);
    expect(reachesUser(florist, 1)).toBe(false);
    expect(reachesUser(florist, -1)).toBe(false);
  });
});

describe('reachesPartner', () => {
  it('lets staff reach every partner and a partner user only their own (none without a partner)', () => {
    expect(reachesPartner(staff, 7)).toBe(true);
    expect(reachesPartner(florist, 7)).toBe(true);
    expect(reachesPartner(florist, 8)).toBe(false);
    expect(reachesPartner(orphan, 7)).toBe(false);
  });
});
