import { MESSAGES } from '@bloomline/contract';
import { eq } from 'drizzle-orm';

import type { CustomerListQuery } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { auditTrail, recordChange, rowValues } from '../../lib/audit';
import { found, notFound, ValidationError } from '../../lib/errors';
import { pageOf } from '../../lib/paged-list';
import {
  companyIdsOf,
  customerById,
  customerCount,
  customerPage,
  keepBuyerNameOnOrders,
  lockedCustomer,
  partnerRefById,
} from './customers.queries';

const trail = auditTrail('customer', rowValues<typeof customers.$inferSelect>);

/**
 * Customers: staff search them, give a customer a partner (their regular florist) or clear it, and delete
 * a customer. A deleted customer's orders stay whole: the recipient and e-mail are the order's own
 * columns, the buyer's name is copied onto the order, and the database clears the link (ON DELETE SET NULL).
 */
export function createCustomersService({ db }: { db: Db }) {
  return {
    /** A page of the list; `path` is the list's own address, for the page links. */
    list: (request: CustomerListQuery, path: string) =>
      pageOf(request, path, {
        rows: (page) => customerPage(db, request, page),
        count: () => customerCount(db, request),
      }),

    setPartner: (userId: number, id: number, partnerId: number | null) =>
      db.transaction(async (tx) => {
        const before = found(await lockedCustomer(tx, id));
        const partner = partnerId === null ? null : await partnerRefById(tx, partnerId);
        if (partnerId !== null && !partner) throw ValidationError.field('partnerId', MESSAGES.invalidChoice);
        const [after] = await tx
          .update(customers)
          .set({ partnerId, updatedAt: new Date() })
          .where(eq(customers.id, id))
          .returning();
        if (!after) throw notFound();
        await trail.updated(tx, {
          userId,
          before,
          after,
          message: partner
            ? `Customer ${after.name} given partner ${partner.name}.`
            : `Customer ${after.name} no longer has a partner.`,
        });
        return found(await customerById(tx, id));
      }),

    remove: (userId: number, id: number) =>
      db.transaction(async (tx) => {
        const before = found(await lockedCustomer(tx, id));
        const companyIds = await companyIdsOf(tx, id);
        const kept = await keepBuyerNameOnOrders(tx, id, before.name);
        await tx.delete(customers).where(eq(customers.id, id));
        await recordChange(tx, {
          userId,
          type: 'customer',
          id,
          event: 'deleted',
          message: `Customer ${before.name} deleted; their ${String(kept)} order${kept === 1 ? '' : 's'} kept.`,
          before: { ...rowValues(before), companyIds },
        });
      }),
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
