// The session: Laravel-style database sessions with Sanctum's CSRF check (plugin.ts), the store of signed-in
// sessions (store.ts), guests' sessions (guest.ts), which requests it serves (paths.ts) and the routes' guards
// (guards.ts). Modules import what they need from here.
export { currentUser } from '../../lib/session-user';
export type { SessionUser } from '../../lib/session-user';
export {
  guardModule,
  guardsOf,
  guestOnly,
  moduleGuardOf,
  requireStaff,
  requireUser,
  routeNeedsUser,
} from './guards';
export { requirePermission, type Permission } from '../permission-guard';
export { guestCsrfKey } from './guest';
export { decodedPath, isSessionPath, isSessionRequest, isStateChanging } from './paths';
export { sessionPlugin } from './plugin';
export type { SessionOptions } from './plugin';
export { XSRF_COOKIE } from './state';
export type { SessionState } from './state';
export {
  endOtherSessionsOf,
  endSession,
  endSessionsOf,
  endSessionsWithin,
  forgetCachedSessions,
  sessionCount,
  startUserSession,
} from './store';
