import { z } from 'zod';

export const ROLE_IDS = { partner: 1, staff: 2 } as const;
/** Whether a user of this role is staff: decided here and nowhere else. */
export const isStaffRole = (roleId: number): boolean => roleId === ROLE_IDS.staff;

/**
 * Staff have no partner and no partner permissions, whatever is stored or sent: what a user's partner and
 * partner-statements flag count as, for the server's answers and writes and the web's user form alike.
 */
export function partnerSideOf<P>(
  roleId: number,
  side: { partner: P | null; partnerStatements: boolean },
): { partner: P | null; partnerStatements: boolean } {
  const staff = isStaffRole(roleId);
  return { partner: staff ? null : side.partner, partnerStatements: !staff && side.partnerStatements };
}

/** The staff permissions a user's flags count as: a partner user has none of them, whatever is stored or sent. */
export type StaffPermissions = { manageXero: boolean; authenticateXero: boolean; managePayouts: boolean };
export function staffSideOf(roleId: number, flags: StaffPermissions): StaffPermissions {
  const staff = isStaffRole(roleId);
  return {
    manageXero: staff && flags.manageXero,
    authenticateXero: staff && flags.authenticateXero,
    managePayouts: staff && flags.managePayouts,
  };
}

export const role = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export type Role = z.infer<typeof role>;

export const partnerRef = z.object({ id: z.number(), name: z.string() });
export type PartnerRef = z.infer<typeof partnerRef>;

/** The current user, as GET /api/me answers it inside `data`. */
export const currentUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  isStaff: z.boolean(),
  enabled: z.boolean(),
  role,
  partner: partnerRef
    .extend({ partnerType: z.enum(['florist', 'courier']), enabled: z.boolean() })
    .nullable(),
  permissions: z.object({
    authenticateXero: z.boolean(),
    manageXero: z.boolean(),
    managePayouts: z.boolean(),
    partnerStatements: z.boolean(),
  }),
  settings: z.object({ vat: z.number() }),
  features: z.object({ statements: z.boolean() }),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const meResponse = z.object({ data: currentUser });
