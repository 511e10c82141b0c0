import type { FastifyBaseLogger } from 'fastify';

import type { XeroConnection } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { serviceUnavailable } from '../../lib/errors';
import { createXeroClient, isConfigured, XERO_MESSAGES } from './xero.client';
import type { XeroClient, XeroSettings } from './xero.client';
import { createXeroContacts } from './xero.contacts';
import { createXeroOauth } from './xero.oauth';
import { createXeroTokens } from './xero.tokens';

export { XERO_MESSAGES } from './xero.client';
export type { CallbackInput } from './xero.oauth';

/**
 * The accounting service (Xero), composed of its three jobs: the OAuth 2.0 authorisation-code flow with PKCE
 * that stores a connection (`xero.oauth.ts`), the custody of its tokens, sealed at rest and kept alive
 * (`xero.tokens.ts`), and the organisation's contacts read on each call (`xero.contacts.ts`).
 * Unconfigured, every call is a 503 naming the settings; a refused refresh marks the connection expired.
 */
export function createXeroService({
  db,
  xero,
  secret,
  fetch = globalThis.fetch,
  log,
}: {
  db: Db;
  xero: XeroSettings;
  /** SESSION_SECRET: the token key is derived from it; unset, from a random secret kept in `settings`. */
  secret: string | undefined;
  fetch?: typeof globalThis.fetch;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const client: XeroClient | null = isConfigured(xero) ? createXeroClient(xero, fetch) : null;
  const configured = (): XeroClient => {
    if (!client) throw serviceUnavailable(XERO_MESSAGES.notSetUp);
    return client;
  };
  const tokens = createXeroTokens({ db, client: configured, secret, log });
  const oauth = createXeroOauth({ db, client: configured, tokens });
  const contacts = createXeroContacts({ tokens });

  return {
    authorizeUrl: oauth.authorizeUrl,
    completeAuthorization: oauth.completeAuthorization,

    /** GET /api/xero/connection: which organisation since when, and whether it has expired. */
    async status(): Promise<XeroConnection> {
      configured();
      return tokens.status();
    },

    /** Forgets the connection (audited) and revokes its refresh token; a revocation that fails is logged. */
    disconnect: tokens.forget,

    /** Every active contact of the connected organisation (all pages), by name; read anew on each call. */
    contacts: contacts.all,

    /** One contact by its ContactID, or null when the organisation has none such. */
    contact: contacts.byId,
  };
}
export type XeroService = ReturnType<typeof createXeroService>;
