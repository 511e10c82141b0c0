import type { XeroContact } from '@bloomline/contract';

import type { XeroTokens } from './xero.tokens';

/** Xero's contacts come in pages of 100; a shorter page is the last. A limit keeps a loop from running on. */
const PAGE_SIZE = 100;
const MAX_PAGES = 200;

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

/** The connected organisation's contacts, read from Xero on each call (nothing is kept). */
export function createXeroContacts({ tokens }: { tokens: Pick<XeroTokens, 'apiGet'> }) {
  return {
    /** Every active contact of the connected organisation (all pages), by name. */
    all: async (): Promise<XeroContact[]> => {
      const all: XeroContact[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const answer = await tokens.apiGet<ContactsAnswer>(
          `/api.xro/2.0/Contacts?summaryOnly=true&page=${String(page)}`,
        );
        all.push(...contactsOf(answer ?? {}));
        if ((answer?.Contacts?.length ?? 0) < PAGE_SIZE) break;
      }
      return all.sort((a, b) => a.Name.localeCompare(b.Name));
    },

    /** One contact by its ContactID, or null when the organisation has none such. */
    byId: async (contactId: string): Promise<XeroContact | null> => {
      const answer = await tokens.apiGet<ContactsAnswer>(
        `/api.xro/2.0/Contacts/${encodeURIComponent(contactId)}`,
      );
      return answer ? (contactsOf(answer)[0] ?? null) : null;
    },
  };
}
