import type { SessionUser } from './session-user';

/**
 * Who is looking: staff see everything; a partner user only their own partner's records (orders' lines,
 * out-of-office periods, statements …), as a query condition.
 */
export type Viewer =
  { kind: 'staff'; userId: number } | { kind: 'partner'; userId: number; partnerId: number };

export function viewerOf(user: SessionUser): Viewer {
  if (user.isStaff) return { kind: 'staff', userId: user.id };
  // A partner user without a partner sees nothing: -1 matches no record.
  return { kind: 'partner', userId: user.id, partnerId: user.partnerId ?? -1 };
}

/**
 * Whose user record a viewer reaches (reads or edits): staff anyone's, everyone else only their own. A record
 * out of reach answers 404, as if it did not exist.
 */
export const reachesUser = (viewer: Viewer, userId: number): boolean =>
  viewer.kind === 'staff' || viewer.userId === userId;

/** Whose partner (and what hangs on it) a viewer reaches: staff any, a partner user only their own. */
export const reachesPartner = (viewer: Viewer, partnerId: number): boolean =>
  viewer.kind === 'staff' || viewer.partnerId === partnerId;
