import type { XeroContact } from '@bloomline/contract';

import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { serviceUnavailable } from '../../lib/errors';
import { latestConnection } from './xero.queries';

export const XERO_MESSAGES = {
  notSetUp: 'The accounting connection (Xero) is not set up yet.',
  expired: 'The accounting connection (Xero) has expired. Connect Xero again.',
  unreachable: 'The accounting service (Xero) did not answer. Try again later.',
} as const;

const UPSTREAM_TIMEOUT_MS = 10_000;

type XeroSettings = Pick<Config['xero'], 'clientId' | 'clientSecret' | 'apiUrl'>;
type ContactsAnswer = { Contacts?: { ContactID?: unknown; Name?: unknown; ContactStatus?: unknown }[] };

/** Xero's contacts as the screens use them: an id and a name, archived ones left out. */
function contactsOf(answer: ContactsAnswer): XeroContact[] {
  return (answer.Contacts ?? [])
    .filter((c) => c.ContactStatus !== 'ARCHIVED')
    .flatMap((c) =>
      typeof c.ContactID === 'string' && typeof c.Name === 'string'
        ? [{ ContactID: c.ContactID, Name: c.Name }]
        : [],
    );
}

/**
 * The accounting service (Xero). This issue reads contacts over a stored connection; connecting (the OAuth
 * flow that stores one) and refreshing its token are a later issue's, which extends this module. Until
 * then, and whenever the service cannot be reached, the calls answer 503 with a message a person can act on.
 */
export function createXeroService({
  db,
  xero,
  fetch = globalThis.fetch,
}: {
  db: Db;
  xero: XeroSettings;
  fetch?: typeof globalThis.fetch;
}) {
  /** GET a path of the accounting API over the live connection; null for a 404. */
  async function get(path: string): Promise<ContactsAnswer | null> {
    if (!xero.clientId || !xero.clientSecret) throw serviceUnavailable(XERO_MESSAGES.notSetUp);
    const connection = await latestConnection(db);
    if (!connection) throw serviceUnavailable(XERO_MESSAGES.notSetUp);
    if (connection.expiresAt.getTime() <= Date.now()) throw serviceUnavailable(XERO_MESSAGES.expired);
    let res: Response;
    try {
      res = await fetch(new URL(path, xero.apiUrl), {
        headers: {
          Authorization: `Bearer ${connection.accessToken}`,
          'xero-tenant-id': connection.tenantId,
          Accept: 'application/json',
        },
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch {
      throw serviceUnavailable(XERO_MESSAGES.unreachable);
    }
    if (res.status === 404) return null;
    if (res.status === 401 || res.status === 403) throw serviceUnavailable(XERO_MESSAGES.expired);
    if (!res.ok) throw serviceUnavailable(XERO_MESSAGES.unreachable);
    try {
      return (await res.json()) as ContactsAnswer;
    } catch {
      throw serviceUnavailable(XERO_MESSAGES.unreachable);
    }
  }

  return {
    /** Every active contact of the connected organisation, by name. */
    contacts: async (): Promise<XeroContact[]> => {
      const answer = await get('/api.xro/2.0/Contacts?summaryOnly=true');
      return contactsOf(answer ?? {}).sort((a, b) => a.Name.localeCompare(b.Name));
    },

    /** One contact by its ContactID, or null when the organisation has none such. */
    contact: async (contactId: string): Promise<XeroContact | null> => {
      const answer = await get(`/api.xro/2.0/Contacts/${encodeURIComponent(contactId)}`);
      return answer ? (contactsOf(answer)[0] ?? null) : null;
    },
  };
}
export type XeroService = ReturnType<typeof createXeroService>;
