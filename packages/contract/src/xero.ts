import { z } from 'zod';

/**
 * GET /api/xero/connection: the accounting connection (Xero) of this back office. `expired` when the service
 * refused to refresh its tokens (Connect Xero again); `tenantName` and `connectedAt` while one is stored.
 */
export const xeroConnection = z.object({
  connected: z.boolean(),
  tenantName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  expired: z.boolean(),
});
export type XeroConnection = z.infer<typeof xeroConnection>;

/** The browser's start of the authorisation flow (a navigation, not an API call). */
export const XERO_AUTHORIZE_PATH = '/xero/auth/authorize';

/**
 * Why a connection attempt failed: the callback sends the browser back to /system/xero?error=<code>, and the
 * page says the text (a code, never free text from the address, so nobody can make the page say anything).
 */
export const XERO_CONNECT_ERRORS = {
  state:
    'That connection attempt was not started here, was already used or took too long. Nothing was stored: connect Xero again.',
  denied: 'Access was not allowed on Xero’s page. Nothing was stored.',
  refused: 'Xero refused the connection. Nothing was stored: connect Xero again.',
  'no-refresh-token':
    'Xero did not allow offline access, so the connection could not stay alive. Nothing was stored: connect Xero again.',
  'no-tenant': 'No Xero organisation was chosen. Nothing was stored: connect Xero again and choose one.',
  unreachable: 'The accounting service (Xero) did not answer. Nothing was stored: try again later.',
} as const;
export type XeroConnectError = keyof typeof XERO_CONNECT_ERRORS;

export const isXeroConnectError = (code: unknown): code is XeroConnectError =>
  typeof code === 'string' && Object.hasOwn(XERO_CONNECT_ERRORS, code);

/** The confirmation of Disconnect on /system/xero. */
export const XERO_DISCONNECT_CONFIRM =
  'Disconnect Xero? Companies keep their accounting contacts, but none can be chosen until Xero is connected again.';
