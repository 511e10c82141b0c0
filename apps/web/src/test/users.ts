import type { CurrentUser } from '@bloomline/contract';

const baseUser: Omit<CurrentUser, 'isStaff' | 'partner' | 'role'> = {
  id: 1,
  name: 'Thandi',
  email: 'thandi@example.com',
  phoneNumber: null,
  enabled: true,
  permissions: { authenticateXero: false, manageXero: false, managePayouts: false, partnerStatements: false },
  settings: { vat: 0.15 },
  features: { statements: true },
};

export const staffUser: CurrentUser = {
  ...baseUser,
  isStaff: true,
  partner: null,
  role: { id: 2, name: 'Staff', slug: 'staff' },
};

export const partnerUser: CurrentUser = {
  ...baseUser,
  id: 2,
  isStaff: false,
  partner: { id: 7, name: 'Petals & Co', partnerType: 'florist', enabled: true },
  role: { id: 1, name: 'Partner', slug: 'partner' },
};
