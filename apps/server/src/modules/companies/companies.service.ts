import { MESSAGES } from '@bloomline/contract';
import { eq } from 'drizzle-orm';

import type { CompanyChange, CompanyListQuery, XeroContact } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { auditTrail, rowValues } from '../../lib/audit';
import { found, notFound, ValidationError } from '../../lib/errors';
import { pageOf } from '../../lib/paged-list';
import { companyById, companyCount, companyPage, lockedCompany } from './companies.queries';

/** What this module needs of the accounting service (app.ts passes the xero module's service). */
export interface AccountingContacts {
  /** The contact with this id, null when the organisation has none; 503 while there is no connection. */
  contact(contactId: string): Promise<XeroContact | null>;
}

const trail = auditTrail('company', rowValues<typeof companies.$inferSelect>);

const FLAG_WORDS = { inStore: 'In store', avbob: 'AVBOB', b2b: 'B2B' } as const;

/** The columns one change sets, and how the audit message says it. */
async function columnsOf(change: CompanyChange, contacts: AccountingContacts) {
  if (change.xero_contact_id !== undefined) {
    const id = change.xero_contact_id;
    if (id === null)
      return { set: { xeroContactId: null, xeroContactName: null }, says: 'accounting contact cleared' };
    const contact = await contacts.contact(id);
    if (!contact) throw ValidationError.field('xero_contact_id', MESSAGES.invalidChoice);
    return {
      set: { xeroContactId: contact.ContactID, xeroContactName: contact.Name },
      says: `accounting contact set to ${contact.Name}`,
    };
  }
  const [column, value] =
    change.in_store !== undefined
      ? (['inStore', change.in_store] as const)
      : change.avbob !== undefined
        ? (['avbob', change.avbob] as const)
        : (['b2b', change.b2b ?? false] as const);
  return { set: { [column]: value }, says: `${FLAG_WORDS[column]} ${value ? 'on' : 'off'}` };
}

/**
 * Companies: staff search them and change one thing at a time inline: the in-store, AVBOB and B2B flags,
 * and, with the manageXero permission, the accounting contact (checked against the accounting service).
 */
export function createCompaniesService({ db, contacts }: { db: Db; contacts: AccountingContacts }) {
  return {
    /** A page of the list; `path` is the list's own address, for the page links. */
    list: (request: CompanyListQuery, path: string) =>
      pageOf(request, path, {
        rows: (page) => companyPage(db, request, page),
        count: () => companyCount(db, request),
      }),

    update: async (userId: number, id: number, change: CompanyChange) => {
      // Asked of the accounting service before the transaction, so no row stays locked while it answers.
      if (!(await companyById(db, id))) throw notFound();
      const { set, says } = await columnsOf(change, contacts);
      return db.transaction(async (tx) => {
        const before = found(await lockedCompany(tx, id));
        const [after] = await tx
          .update(companies)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(companies.id, id))
          .returning();
        if (!after) throw notFound();
        await trail.updated(tx, { userId, before, after, message: `Company ${after.name}: ${says}.` });
        return found(await companyById(tx, id));
      });
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
