import { z } from 'zod';

import { idField, idParams, text } from './fields';
import { formBoolean } from './forms';
import { currentUser, partnerRef, role, ROLE_IDS } from './me';
import { dataOf, given, listRequest, paged } from './paging';
import { route } from './routes';
import { email, requiredString, MESSAGES } from './validation';

/** A user as the users list and form read it (part 2, point 3 "User"). */
export const userRecord = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  isStaff: z.boolean(),
  enabled: z.boolean(),
  role: z.object({ id: z.number(), name: z.string() }),
  partner: partnerRef.nullable(),
  permissions: z.object({
    partnerStatements: z.boolean(),
    /** Staff permissions (issue 35): false for partner users. */
    manageXero: z.boolean(),
    authenticateXero: z.boolean(),
    managePayouts: z.boolean(),
  }),
});
export type UserRecord = z.infer<typeof userRecord>;
export const userListItem = userRecord;
export type UserListItem = UserRecord;

export const USER_SORTS = ['name', 'email', 'created_at'] as const;
const userList = listRequest({ sorts: USER_SORTS, sort: 'name' });
/** GET /api/users as the server reads it: q searches name, e-mail and phone number. */
export const userListRequest = userList.strict;
/** The same, read leniently from the web's address bar. */
export const userListQuery = userList.lenient;
export type UserListQuery = z.infer<typeof userListRequest>;

/** What the role column shows: staff are "Admin", everyone else "Partner". */
export const roleLabel = (user: { isStaff: boolean }) => (user.isStaff ? 'Admin' : 'Partner');

/** Digits with the usual separators: "+27 82 555 1234", "(021) 555-1234". */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,28}[0-9]$/;

/** Optional: blank is "none" (null); absent is "not given" (undefined: on an update the stored one stays). */
const phoneNumber = text(30)
  .nullish()
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || v === undefined || PHONE_PATTERN.test(v), MESSAGES.format);

/** 1 partner, 2 staff; anything else is "Choose a valid role.". */
const roleId = idField().pipe(
  z.number().refine((v) => v === ROLE_IDS.partner || v === ROLE_IDS.staff, MESSAGES.invalidChoice),
);

/** Blank is "none" (null); absent is "not given" (undefined: the stored value stays). */
const optionalPartnerId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  idField().nullable().optional(),
);
/** A checkbox: absent or blank is "not given". */
const optionalFlag = given(formBoolean().optional());

export const USER_MESSAGES = {
  partnerRequired: 'Choose the partner this user works for.',
  ownAccount: 'You cannot disable your own account.',
  ownStaffRole: 'You cannot remove your own staff role.',
  ownRole: 'You cannot change your own role.',
  ownPartner: 'You cannot change your own partner.',
  ownPermissions: 'You cannot change your own permissions.',
} as const;

/** The labels and questions the user screens show verbatim. */
export const USER_TEXTS = {
  partnerStatements: 'Can view partner statements',
  managePayouts: 'Can record payouts to partners',
  manageXero: 'Can choose Xero contacts for companies',
  authenticateXero: 'Can connect Xero',
  enabled: 'Enabled',
  disableQuestion: (name: string) =>
    `Disable ${name}? They are signed out at once and can no longer sign in.`,
  enableQuestion: (name: string) => `Enable ${name}? They can sign in again.`,
} as const;

const profileFields = {
  name: requiredString(255),
  email: email(),
  phoneNumber,
};

/** A partner user works for a partner: the role without one is refused (on the body and on the merged record). */
export const lacksPartner = (roleId: number | undefined, partnerId: number | null | undefined): boolean =>
  roleId === ROLE_IDS.partner && partnerId === null;

const partnerNeeded = (
  v: { role_id?: number | undefined; partner_id?: number | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (lacksPartner(v.role_id, v.partner_id)) {
    ctx.addIssue({ code: 'custom', path: ['partner_id'], message: USER_MESSAGES.partnerRequired });
  }
};

/**
 * POST /api/users (staff): multipart, as the original client sends it. A staff user has no partner, so
 * partner_id is ignored for role 2; the new user is e-mailed a link to set their password.
 */
export const userBody = z
  .object({
    ...profileFields,
    role_id: roleId,
    partner_id: optionalPartnerId.transform((v) => v ?? null),
    partner_statements: optionalFlag,
    manage_payouts: optionalFlag,
    manage_xero: optionalFlag,
    authenticate_xero: optionalFlag,
    enabled: optionalFlag,
  })
  .superRefine(partnerNeeded);
export type UserBody = z.input<typeof userBody>;
export type UserInput = z.output<typeof userBody>;

/**
 * PUT /api/users/{id}, or POST with _method=PUT. Every field but name and e-mail may be left out (the stored
 * value stays). Only staff editing another user may change role_id, partner_id, partner_statements and
 * enabled; anyone editing themself who sends a different value for one of them gets a 422 on it.
 */
export const userUpdateBody = z
  .object({
    ...profileFields,
    role_id: given(roleId.optional()),
    partner_id: optionalPartnerId,
    partner_statements: optionalFlag,
    manage_payouts: optionalFlag,
    manage_xero: optionalFlag,
    authenticate_xero: optionalFlag,
    enabled: optionalFlag,
  })
  .superRefine(partnerNeeded);
export type UserUpdateBody = z.input<typeof userUpdateBody>;
export type UserUpdateInput = z.output<typeof userUpdateBody>;

/** The own-profile form's fields (/users/profile): the same rules, checked in the browser before sending. */
export const profileBody = z.object(profileFields);
export type ProfileBody = z.input<typeof profileBody>;

/**
 * The users' routes: the list, new users, enabling and the roles are staff only; reading and editing a user is
 * open to every signed-in user for their own record (their profile), and to staff for anyone's. The writes also
 * come as forms, the update as POST with `_method=PUT`.
 */
export const userRoutes = {
  list: route({ method: 'GET', path: '/api/users', query: userListRequest, answer: paged(userListItem) }),
  get: route({ method: 'GET', path: '/api/users/:id', params: idParams, answer: dataOf(userRecord) }),
  create: route({ method: 'POST', path: '/api/users', body: userBody, answer: dataOf(userRecord) }),
  /** Saving oneself answers the current user, as GET /api/me does; staff saving another user the record. */
  update: route({
    method: 'PUT',
    path: '/api/users/:id',
    params: idParams,
    body: userUpdateBody,
    answer: dataOf(z.union([currentUser, userRecord])),
  }),
  /** Enables a disabled user, disables an enabled one (their sessions end at once). */
  toggleEnabled: route({
    method: 'POST',
    path: '/api/users/:id/enabled',
    params: idParams,
    answer: dataOf(userRecord),
  }),
  roles: route({ method: 'GET', path: '/api/roles', answer: dataOf(z.array(role)) }),
};
