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

/** Tells the partner's users (and its business address) about a line assigned to them. A failed send is logged. */
export function notifierOfAssignments({ db, queueMail, appUrl, log }: NoticeDeps): NotifyAssigned {
  return async (partnerId, order, line) => {
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
      for (const address of to) {
        await queueMail(db, {
          kind: 'assignment',
          to: address,
          subject: `New order ${order.name} for ${partner?.name ?? 'you'}`,
          text: [
            `Hello ${partner?.name ?? ''},`,
            '',
            `${line.quantity} x ${line.title} of order ${order.name} has been assigned to you${order.deliveryDate ? ` for delivery on ${order.deliveryDate}` : ''}.`,
            `Please accept or reject it: ${appUrl}/order/${String(order.id)}`,
          ].join('\n'),
        });
      }
    } catch (err) {
      log.error({ err, partnerId, orderId: order.id }, 'could not notify the partner of an assigned line');
    }
  };
}
