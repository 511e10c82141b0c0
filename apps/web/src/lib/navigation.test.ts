import { describe, expect, it } from 'vitest';

import type { CurrentUser } from '@bloomline/contract';

import { isGroup, menuFor, mobileMenuFor } from './navigation';

const base: CurrentUser = {
  id: 1,
  name: 'A',
  email: 'a@example.com',
  phoneNumber: null,
  isStaff: true,
  enabled: true,
  role: { id: 2, name: 'Admin', slug: 'admin' },
  partner: null,
  permissions: { authenticateXero: false, manageXero: false, managePayouts: false, partnerStatements: false },
  settings: { vat: 0.15 },
  features: { statements: true },
};
const paths = (user: CurrentUser) =>
  menuFor(user).flatMap((e) => (isGroup(e) ? e.items.map((i) => i.to) : [e.to]));

describe('menus', () => {
  it('gives staff every area and the ten order lists, Xero only with the permission', () => {
    const p = paths(base);
    expect(p).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/orders/returns',
        '/orders/refunds',
        '/products',
        '/profit-centres',
        '/components',
        '/units',
        '/colours',
        '/users',
        '/locations',
        '/partners',
        '/customers',
        '/companies',
        '/audit',
        '/reporting',
        '/system/settings',
      ]),
    );
    expect(p.filter((x) => x.startsWith('/orders/'))).toHaveLength(10);
    expect(p).not.toContain('/system/xero');
    expect(
      paths({ ...base, permissions: { ...base.permissions, manageXero: true, authenticateXero: true } }),
    ).toContain('/system/xero');
    // Payouts only with managePayouts (issue 35).
    expect(p).not.toContain('/payouts');
    expect(paths({ ...base, permissions: { ...base.permissions, managePayouts: true } })).toContain(
      '/payouts',
    );
  });

  it('gives partners their six order lists, profile pages, and statements only with the permission', () => {
    const partner = { ...base, isStaff: false };
    const p = paths(partner);
    expect(p).toEqual([
      '/dashboard',
      '/orders/today',
      '/orders/open',
      '/orders/accepted',
      '/orders/fulfilled',
      '/orders/delivered',
      '/orders/cancel-confirmed',
      '/users/profile',
      '/change-password',
      '/partners/profile',
      '/partners/out-of-office',
      '/alerts',
    ]);
    // Returns and refunds are staff screens: partners learn of them through their statement.
    expect(p.filter((x) => /^\/orders\/re(turn|fund)s/.test(x))).toEqual([]);
    expect(p).not.toContain('/statements');
    expect(paths({ ...partner, permissions: { ...base.permissions, partnerStatements: true } })).toContain(
      '/statements',
    );
    expect(p).not.toContain('/statements/month-end');
  });

  // Issue 36: below 576 px the greeting that leads to the profile is hidden; the Menu leads there instead.
  it('gives everyone their profile and Change password in the small screens’ Menu', () => {
    const links = (user: CurrentUser) =>
      mobileMenuFor(user).flatMap((e) => (isGroup(e) ? e.items.map((i) => i.to) : [e.to]));
    for (const user of [base, { ...base, isStaff: false }]) {
      expect(links(user)).toEqual(expect.arrayContaining(['/users/profile', '/change-password']));
      expect(links(user).filter((to) => to === '/users/profile')).toHaveLength(1);
    }
    // The staff bar itself stays as it was: their account is the greeting's menu there.
    expect(paths(base)).not.toContain('/change-password');
  });
});
