import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import {
  isStaffRole,
  lacksPartner,
  partnerSideOf,
  type StaffPermissions,
  staffSideOf,
  USER_MESSAGES,
} from '@bloomline/contract';
import type { CurrentUser, UserInput, UserListQuery, UserRecord, UserUpdateInput } from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { auditTrail, recordChange } from '../../lib/audit';
import { randomToken } from '../../lib/crypto';
import { found, notFound, ValidationError } from '../../lib/errors';
import type { QueueMail } from '../../lib/mail-queue';
import { pageOf } from '../../lib/paged-list';
import { reachesUser, type Viewer } from '../../lib/viewer';
import { endSessionsWithin, forgetCachedSessions } from '../../plugins/session';
import { loadCurrentUser } from '../../shared/current-user.queries';
import { forgetPasswordLink, invitationMail, issuePasswordLink } from '../../shared/password-links';
import { lockUser, roleList, userById, userCount, userPage } from './users.queries';

type UserRow = typeof users.$inferSelect;

/** What the audit log keeps of a user: never the password hash. */
const trail = auditTrail('user', (row: UserRow) => ({
  name: row.name,
  email: row.email,
  phoneNumber: row.phoneNumber,
  roleId: row.roleId,
  partnerId: row.partnerId,
  enabled: row.enabled,
  partnerStatements: row.partnerStatements,
  manageXero: row.manageXero,
  authenticateXero: row.authenticateXero,
  managePayouts: row.managePayouts,
}));

const detail = async (db: DbOrTx, id: number): Promise<UserRecord> => found(await userById(db, id));

/**
 * Staff have no partner and no partner permissions, and partner users no staff permissions, whatever was sent
 * (the contract's partnerSideOf and staffSideOf).
 */
function staffOnlyColumns(
  roleId: number,
  partnerId: number | null,
  partnerStatements: boolean,
  staffFlags: StaffPermissions,
) {
  const side = partnerSideOf(roleId, { partner: partnerId, partnerStatements });
  return {
    roleId,
    partnerId: side.partner,
    partnerStatements: side.partnerStatements,
    ...staffSideOf(roleId, staffFlags),
  };
}

/** The staff permissions a body asks for, each one kept as `before` has it when it is not sent. */
const staffFlagsOf = (
  input: Pick<UserUpdateInput, 'manage_xero' | 'authenticate_xero' | 'manage_payouts'>,
  before: StaffPermissions = { manageXero: false, authenticateXero: false, managePayouts: false },
): StaffPermissions => ({
  manageXero: input.manage_xero ?? before.manageXero,
  authenticateXero: input.authenticate_xero ?? before.authenticateXero,
  managePayouts: input.manage_payouts ?? before.managePayouts,
});

/**
 * A user editing themself may send the staff-only fields only as they are (a whole form carries them): a
 * different value is refused on its field, so nobody disables themself or changes their own role, partner
 * or permissions, however the request is made.
 */
function refuseOwnChanges(before: UserRow, input: UserUpdateInput) {
  const errors: Record<string, string[]> = {};
  if (input.role_id !== undefined && input.role_id !== before.roleId) {
    errors.role_id = [isStaffRole(before.roleId) ? USER_MESSAGES.ownStaffRole : USER_MESSAGES.ownRole];
  }
  const partnerSent = input.partner_id !== undefined && !isStaffRole(before.roleId);
  if (partnerSent && input.partner_id !== before.partnerId) errors.partner_id = [USER_MESSAGES.ownPartner];
  if (input.partner_statements !== undefined && input.partner_statements !== before.partnerStatements) {
    // A staff user's stored flag is meaningless (always false); only a partner user's can be changed.
    if (!isStaffRole(before.roleId) || input.partner_statements)
      errors.partner_statements = [USER_MESSAGES.ownPermissions];
  }
  for (const [field, column] of [
    ['manage_payouts', 'managePayouts'],
    ['manage_xero', 'manageXero'],
    ['authenticate_xero', 'authenticateXero'],
  ] as const) {
    const sent = input[field];
    // A partner user's stored staff flags mean nothing (always false); only a staff member's count.
    if (sent !== undefined && sent !== (isStaffRole(before.roleId) && before[column]))
      errors[field] = [USER_MESSAGES.ownPermissions];
  }
  if (input.enabled === false) errors.enabled = [USER_MESSAGES.ownAccount];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** A changed role, partner or a disabled account ends the user's sessions: their next call is a 401. */
const endsSessions = (before: UserRow, after: UserRow) =>
  (before.enabled && !after.enabled) ||
  before.roleId !== after.roleId ||
  before.partnerId !== after.partnerId;

export interface UsersDeps {
  db: Db;
  queueMail: QueueMail;
  appUrl: string;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** The users of the back office: staff keep them all; every user edits their own profile. */
export function createUsersService({ db, queueMail, appUrl }: UsersDeps) {
  /**
   * Runs a change in one transaction. Sessions carry the user's name, role, partner and enabled flag, so once
   * it has committed every instance's session cache is emptied (`forgetCachedSessions`).
   */
  async function change<T>(work: (tx: DbOrTx) => Promise<T>) {
    const result = await db.transaction((tx) => work(tx));
    await forgetCachedSessions(db);
    return result;
  }

  return {
    /** A page of the list; `path` is the list's own address, for the page links. */
    list: (request: UserListQuery, path: string) =>
      pageOf(request, path, {
        rows: (page) => userPage(db, request, page),
        count: () => userCount(db, request),
      }),

    /** Staff read anyone; a partner user only themself (anyone else is a 404, as if missing). */
    get: (viewer: Viewer, id: number) => {
      if (!reachesUser(viewer, id)) throw notFound();
      return detail(db, id);
    },

    roles: () => roleList(db),

    /** The current user as GET /api/me answers it (after a profile save). */
    me: async (id: number): Promise<CurrentUser> => {
      const me = await loadCurrentUser(db, id);
      if (!me) throw notFound();
      return me;
    },

    async create(actorId: number, input: UserInput): Promise<UserRecord> {
      // Nobody knows this password: the new user sets their own through the e-mailed link.
      const passwordHash = await hash(randomToken(32));
      const enabled = input.enabled ?? true;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            name: input.name,
            email: input.email,
            phoneNumber: input.phoneNumber ?? null,
            passwordHash,
            enabled,
            ...staffOnlyColumns(
              input.role_id,
              input.partner_id,
              input.partner_statements ?? false,
              staffFlagsOf(input),
            ),
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await trail.created(tx, { userId: actorId, record: row, message: `User ${row.name} created.` });
        // A disabled account gets no invitation (as it gets no reset link); once enabled, "Forgot your
        // password?" sends one.
        const created = await detail(tx, row.id);
        if (enabled) {
          // Queued with the user: a job sends it and tries again; the user exists whatever the mail server says.
          const link = await issuePasswordLink(tx, appUrl, row.email);
          await queueMail(tx, { kind: 'welcome', ...invitationMail(created, link, `${appUrl}/login`) });
        }
        return created;
      });
    },

    /**
     * PUT /api/users/{id}: staff editing another user change any field (a field left out stays as it is);
     * anyone editing themself changes name, e-mail and phone number only. A partner user naming anyone else
     * gets a 404. Answers whether the user edited themself, and the user.
     */
    update: (actor: Viewer, id: number, input: UserUpdateInput) =>
      change(async (tx) => {
        if (!reachesUser(actor, id)) throw notFound();
        const self = id === actor.userId;
        const before = await lockUser(tx, id);
        if (!before) throw notFound();
        let values: Partial<UserRow> = {
          name: input.name,
          email: input.email,
          phoneNumber: input.phoneNumber,
        };
        if (self) refuseOwnChanges(before, input);
        else {
          const roleId = input.role_id ?? before.roleId;
          const partnerId = input.partner_id === undefined ? before.partnerId : input.partner_id;
          if (lacksPartner(roleId, partnerId)) {
            throw ValidationError.field('partner_id', USER_MESSAGES.partnerRequired);
          }
          values = {
            ...values,
            enabled: input.enabled ?? before.enabled,
            ...staffOnlyColumns(
              roleId,
              partnerId,
              input.partner_statements ?? before.partnerStatements,
              staffFlagsOf(input, before),
            ),
          };
        }
        const [after] = await tx
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        if (!after) throw notFound();
        if (after.email.toLowerCase() !== before.email.toLowerCase())
          await forgetPasswordLink(tx, before.email);
        if (endsSessions(before, after)) await endSessionsWithin(tx, id);
        await trail.updated(tx, {
          userId: actor.userId,
          before,
          after,
          message: self ? `${after.name} updated their profile.` : `User ${after.name} updated.`,
        });
        return { self, user: await detail(tx, id) };
      }),

    /** Enables a disabled user, or disables an enabled one and ends their sessions; never oneself. */
    toggleEnabled: (actorId: number, id: number) =>
      change(async (tx) => {
        const before = await lockUser(tx, id);
        if (!before) throw notFound();
        if (id === actorId) throw ValidationError.field('enabled', USER_MESSAGES.ownAccount);
        const enabled = !before.enabled;
        const [after] = await tx
          .update(users)
          .set({ enabled, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        if (!after) throw notFound();
        if (!enabled) {
          await endSessionsWithin(tx, id);
          await forgetPasswordLink(tx, after.email);
        }
        await recordChange(tx, {
          userId: actorId,
          type: 'user',
          id,
          event: enabled ? 'enabled' : 'disabled',
          message: `User ${after.name} ${enabled ? 'enabled' : 'disabled'}.`,
          before: { enabled: before.enabled },
          after: { enabled: after.enabled },
        });
        return detail(tx, id);
      }),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
