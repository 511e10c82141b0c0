import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../../db/client';
import { partners, users } from '../../db/schema';
import type { QueueMail } from '../../lib/mail-queue';
import type { LineRow } from '../../shared/order-transitions';

export interface NoticeDeps {
  db: Db;
  queueMail: QueueMail;
  appUrl: string;
  log: FastifyBaseLogger;
}

export type NotifyAssigned = (
  partnerId: number,
  order: { id: number; name: string; deliveryDate: string | null },
  line: LineRow,
) => Promise<void>;

/** Several lines given to one partner at once (a bulk assign): told in one e-mail per address. */
export type NotifyAssignedMany = (
  partnerId: number,
  given: { order: { id: number; name: string; deliveryDate: string | null }; line: LineRow }[],
) => Promise<void>;

/** Tells the partner's users (and its business address) about a line assigned to them. A failed send is logged. */
export function notifierOfAssignments(deps: NoticeDeps): NotifyAssigned {
  const many = notifierOfManyAssignments(deps);
  return (partnerId, order, line) => many(partnerId, [{ order, line }]);
}

/**
 * Tells the partner's users (and its business address) about lines assigned to them, once for all of them:
 * one order reads as it always has, several as a list (issue 40: alerts per partner, once). A failed send is
 * logged.
 */
export function notifierOfManyAssignments({ db, queueMail, appUrl, log }: NoticeDeps): NotifyAssignedMany {
  return async (partnerId, given) => {
    if (given.length === 0) return;
    try {
      const [partner] = await db
        .select({ name: partners.name, businessEmail: partners.businessEmail })
        .from(partners)
        .where(eq(partners.id, partnerId));
      const people = await db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.partnerId, [partnerId]));
      const to = [
        ...new Set([
          ...people.map((p) => p.email),
          ...(partner?.businessEmail ? [partner.businessEmail] : []),
        ]),
      ];
      const orderIds = new Set(given.map((g) => g.order.id));
      const link = (order: { id: number }) => `${appUrl}/order/${String(order.id)}`;
      const item = ({ order, line }: (typeof given)[number]) =>
        `${String(line.quantity)} x ${line.title} of order ${order.name}${order.deliveryDate ? ` for delivery on ${order.deliveryDate}` : ''}`;
      const first = given[0]!;
      const text =
        given.length === 1
          ? [
              `Hello ${partner?.name ?? ''},`,
              '',
              `${String(first.line.quantity)} x ${first.line.title} of order ${first.order.name} has been assigned to you${first.order.deliveryDate ? ` for delivery on ${first.order.deliveryDate}` : ''}.`,
              `Please accept or reject it: ${link(first.order)}`,
            ]
          : [
              `Hello ${partner?.name ?? ''},`,
              '',
              `${String(given.length)} items of ${String(orderIds.size)} order${orderIds.size === 1 ? '' : 's'} have been assigned to you:`,
              '',
              ...given.map((g) => `- ${item(g)}: ${link(g.order)}`),
              '',
              `Please accept or reject them: ${appUrl}/orders/open`,
            ];
      const subject =
        orderIds.size === 1
          ? `New order ${first.order.name} for ${partner?.name ?? 'you'}`
          : `${String(orderIds.size)} new orders for ${partner?.name ?? 'you'}`;
      for (const address of to)
        await queueMail(db, { kind: 'assignment', to: address, subject, text: text.join('\n') });
    } catch (err) {
      log.error({ err, partnerId }, 'could not notify the partner of assigned lines');
    }
  };
}
