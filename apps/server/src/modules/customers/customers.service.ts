import { MESSAGES } from '@bloomline/contract';
import { eq } from 'drizzle-orm';

import type { CustomerListItem, CustomerListQuery } from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';
import { recordChange } from '../../lib/audit';
import { notFound, ValidationError } from '../../lib/errors';
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

const LIST_PATH = '/api/customers';

async function detail(db: DbOrTx, id: number): Promise<CustomerListItem> {
  const row = await customerById(db, id);
  if (!row) throw notFound();
  return row;
}

/** The stored row of a customer as the audit log records it. */
function auditValues(row: typeof customers.$inferSelect) {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...values } = row;
  return values;
}

/**
 * Customers: staff search them, give a customer a partner (their regular florist) or clear it, and delete
 * a customer. A deleted customer's orders stay whole: the recipient and e-mail are the order's own
 * columns, the buyer's name is copied onto the order, and the database clears the link (ON DELETE SET NULL).
 */
export function createCustomersService({ db }: { db: Db }) {
  return {
    list: (request: CustomerListQuery) =>
      pageOf(request, LIST_PATH, {
        rows: (page) => customerPage(db, request, page),
        count: () => customerCount(db, request),
      }),

    setPartner: (userId: number, id: number, partnerId: number | null) =>
      db.transaction(async (tx) => {
        const before = await lockedCustomer(tx, id);
        if (!before) throw notFound();
        const partner = partnerId === null ? null : await partnerRefById(tx, partnerId);
        if (partnerId !== null && !partner) throw ValidationError.field('partnerId', MESSAGES.invalidChoice);
        const [after] = await tx
          .update(customers)
          .set({ partnerId, updatedAt: new Date() })
          .where(eq(customers.id, id))
          .returning();
        if (!after) throw notFound();
        await recordChange(tx, {
          userId,
          type: 'customer',
          id,
          event: 'updated',
          message: partner
            ? `Customer ${after.name} given partner ${partner.name}.`
            : `Customer ${after.name} no longer has a partner.`,
          before: auditValues(before),
          after: auditValues(after),
        });
        return detail(tx, id);
      }),

    remove: (userId: number, id: number) =>
      db.transaction(async (tx) => {
        const before = await lockedCustomer(tx, id);
        if (!before) throw notFound();
        const companyIds = await companyIdsOf(tx, id);
        const kept = await keepBuyerNameOnOrders(tx, id, before.name);
        await tx.delete(customers).where(eq(customers.id, id));
        await recordChange(tx, {
          userId,
          type: 'customer',
          id,
          event: 'deleted',
          message: `Customer ${before.name} deleted; their ${String(kept)} order${kept === 1 ? '' : 's'} kept.`,
          before: { ...auditValues(before), companyIds },
        });
      }),
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
