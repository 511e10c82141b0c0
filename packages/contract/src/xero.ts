import { z } from 'zod';

import { xeroContact } from './companies';
import { dataOf } from './paging';
import { route } from './routes';

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

/** A value of the callback's query, or undefined when missing or malformed (sent twice, too long): no 422. */
const callbackValue = z.string().max(4096).optional().catch(undefined);

/** GET /xero/auth/callback: Xero's answer to the authorisation (a code and our `state`, or an error). */
export const xeroCallbackQuery = z.object({
  code: callbackValue,
  state: callbackValue,
  error: callbackValue,
});

/**
 * The accounting service's routes: the browser's authorisation flow (navigations answered with redirects, not
 * API calls), the connection's state and its end, and the organisation's contacts.
 */
export const xeroRoutes = {
  /** The browser's start of the authorisation flow: a navigation to Xero's authorisation page. */
  authorize: route({ method: 'GET', path: '/xero/auth/authorize' }),
  callback: route({ method: 'GET', path: '/xero/auth/callback', query: xeroCallbackQuery }),
  connection: route({ method: 'GET', path: '/api/xero/connection', answer: dataOf(xeroConnection) }),
  disconnect: route({ method: 'DELETE', path: '/api/xero/connection' }),
  contacts: route({ method: 'GET', path: '/api/xero-contacts', answer: dataOf(z.array(xeroContact)) }),
};

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
