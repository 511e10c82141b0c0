import { eq } from 'drizzle-orm';

import type { Paged, Responsible, ReturnDetail, ReturnListItem, ReturnListQuery } from '@bloomline/contract';
import { CLAIM_TEXTS, linesOnPayCents, todayInJohannesburg } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { creditNotes, returns } from '../../db/schema';
import { auditTrail } from '../../lib/audit';
import { conflict, found } from '../../lib/errors';
import { pageOf } from '../../lib/paged-list';
import type { SessionUser } from '../../plugins/session';
import { readSettings } from '../../shared/settings.queries';
import type { NotifyDeductions } from './claims-notices';
import { asResponsible, isoOf, moveClaimedLines, partnersForPay } from './claims-shared';
import { linesOfReturn, lockReturn, returnById, returnCount, returnPage } from './returns.queries';

type ItemRow = Awaited<ReturnType<typeof returnPage>>[number];

const itemOf = (row: Omit<ItemRow, 'total_rows'>): ReturnListItem => ({
  id: row.id,
  name: row.name,
  order: { id: row.orderId, name: row.orderName },
  status: row.status === 'processed' ? 'processed' : 'open',
  lineCount: row.lineCount,
  responsible: asResponsible(row.responsible),
});

/** What the audit log keeps of a return: its state, and the credit notes its processing gave (cents). */
interface AuditedReturn {
  id: number;
  status: string;
  responsible: string | null;
  processedBy: number | null;
  creditNotes?: Record<string, number>;
}
const trail = auditTrail('return', (r: AuditedReturn) => ({
  status: r.status,
  responsible: r.responsible,
  processed_by: r.processedBy,
  ...(r.creditNotes ? { credit_notes: r.creditNotes } : {}),
}));

type ReturnedLine = Awaited<ReturnType<typeof linesOfReturn>>[number];

/** The returned quantity of each partner's lines, by partner (lines without a partner give no credit note). */
function byPartner(lines: readonly ReturnedLine[]) {
  const groups = new Map<number, ReturnedLine[]>();
  for (const line of lines) {
    if (line.partnerId === null) continue;
    groups.set(line.partnerId, [...(groups.get(line.partnerId) ?? []), line]);
  }
  return groups;
}

/** The items and their reasons, for the partner's e-mail: "3 items (Damaged: 2, Wrong flowers: 1)". */
function itemsAndReasons(lines: readonly ReturnedLine[]) {
  const reasons = new Map<string, number>();
  for (const l of lines) reasons.set(l.reason, (reasons.get(l.reason) ?? 0) + l.quantity);
  const n = lines.reduce((s, l) => s + l.quantity, 0);
  const list = [...reasons].map(([reason, count]) => `${reason}: ${String(count)}`).join(', ');
  return `${String(n)} ${n === 1 ? 'item' : 'items'} (${list})`;
}

/**
 * Returns from the shop (DECISIONS.md "Returns and refunds"): staff read them and process an open one, saying
 * who bears the cost. With the partner responsible, each partner whose lines came back gets a credit note on
 * their bill for the order (the on pay of the returned quantity), which their statement shows as a deduction,
 * and an e-mail about it once the change is committed.
 */
export function createReturnsService({ db, notify }: { db: Db; notify: NotifyDeductions }) {
  const get = async (id: number): Promise<ReturnDetail> => {
    const row = found(await returnById(db, id));
    const lines = await linesOfReturn(db, id);
    return {
      ...itemOf(row),
      lines: lines.map((l) => ({
        id: l.id,
        orderLine: {
          id: l.orderLineId,
          title: l.title,
          partner: l.partnerId === null ? null : { id: l.partnerId, name: l.partnerName ?? '' },
        },
        quantity: l.quantity,
        reason: l.reason,
        reasonNote: l.reasonNote,
      })),
      processedBy: row.processedByName === null ? null : { name: row.processedByName },
      processedAt: isoOf(row.processedAt),
      createdAt: row.createdAt.toISOString(),
    };
  };

  return {
    list: async (q: ReturnListQuery, path: string): Promise<Paged<ReturnListItem>> => {
      const page = await pageOf(q, path, {
        rows: (p) => returnPage(db, q, p),
        count: () => returnCount(db, q),
      });
      return { data: page.data.map(itemOf), meta: page.meta };
    },

    get,

    /** Processes an open return (409 otherwise); answers it as it now is. */
    process: async (user: SessionUser, id: number, responsible: Responsible): Promise<ReturnDetail> => {
      const notice = await db.transaction(async (tx) => {
        // The return first, locked: a second process of the same return waits here and then finds it processed.
        const before = found(await lockReturn(tx, id));
        if (before.status !== 'open') throw conflict(CLAIM_TEXTS.returnProcessed);
        const lines = await linesOfReturn(tx, id);
        const { order } = await moveClaimedLines(tx, user, {
          orderId: before.orderId,
          lineIds: new Set(lines.map((l) => l.orderLineId)),
          to: 'return',
          message: `processed return ${before.name} (${responsible} responsible)`,
        });
        const now = new Date();
        const day = todayInJohannesburg(now);
        const deductions: { partnerId: number; cents: number }[] = [];
        const notes: Record<string, number> = {};
        if (responsible === 'Partner') {
          const groups = byPartner(lines);
          const people = await partnersForPay(tx, [...groups.keys()]);
          const { vat } = await readSettings(tx);
          for (const [partnerId, own] of groups) {
            const partner = people.get(partnerId);
            if (!partner) continue;
            // Never more than the line holds: a return cannot credit more than the partner was paid for.
            const paid = own.map((l) => ({
              valueCents: l.valueCents,
              quantity: Math.min(l.quantity, l.lineQuantity),
            }));
            const cents = linesOnPayCents(paid, partner, vat);
            if (cents <= 0) continue;
            const count = paid.reduce((s, l) => s + l.quantity, 0);
            await tx.insert(creditNotes).values({
              partnerId,
              orderId: order.id,
              kind: 'order',
              amountCents: cents,
              date: day,
              description: `Return ${before.name}: ${String(count)} returned`,
            });
            deductions.push({ partnerId, cents });
            notes[partner.name] = cents;
          }
        }
        await tx
          .update(returns)
          .set({ status: 'processed', responsible, processedBy: user.id, processedAt: now, updatedAt: now })
          .where(eq(returns.id, id));
        await trail.updated(tx, {
          userId: user.id,
          before,
          after: { id, status: 'processed', responsible, processedBy: user.id, creditNotes: notes },
          message: `Return ${before.name} of order ${order.name} processed: ${responsible} responsible.`,
        });
        return { order, day, deductions, why: `the return ${before.name} of ${itemsAndReasons(lines)}` };
      });
      await notify(notice);
      return get(id);
    },
  };
}
export type ReturnsService = ReturnType<typeof createReturnsService>;
