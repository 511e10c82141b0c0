import { describe, expect, it } from 'vitest';

import type { CurrentUser } from '@bloomline/contract';
import { screensFor } from '@bloomline/contract';

import { partnerUser, staffUser } from '@/test/users';

import { isGroup, menuFor } from './navigation';

// The search finds the screens of the menus (issue 40): the contract's list (which the server searches) and
// the menus must name the same screens in the same words.

const all = { authenticateXero: true, manageXero: true, managePayouts: true, partnerStatements: true };
const menuLinks = (user: CurrentUser) =>
  menuFor(user).flatMap((e) => (isGroup(e) ? e.items.map((i) => [i.to, i.label]) : [[e.to, e.label]]));
const screenLinks = (user: CurrentUser) => screensFor(user).map((s) => [s.url, s.title]);

describe('the screens search finds', () => {
  it.each([
    ['staff', { ...staffUser, permissions: all }],
    ['staff without Xero', staffUser],
    ['a partner user', { ...partnerUser, permissions: all }],
    ['a partner user without statements', partnerUser],
  ])('are every menu entry of %s, in the menu’s words', (_who, user: CurrentUser) => {
    expect(screenLinks(user)).toEqual(expect.arrayContaining(menuLinks(user)));
    // Nothing beyond the menu but a screen reached by a button (a phone order).
    const extra = screenLinks(user).filter(([url]) => !menuLinks(user).some(([to]) => to === url));
    expect(extra).toEqual(user.isStaff ? [['/orders/new', 'New order']] : []);
  });
});
