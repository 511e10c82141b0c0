import { eq } from 'drizzle-orm';

import type { Paged, Responsible, ReturnDetail, ReturnListItem, ReturnListQuery } from '@bloomline/contract';
import {
  bearer,
  CLAIM_TEXTS,
  openReturnBody,
  returnCreditCents,
  todayInJohannesburg,
} from '@bloomline/contract';
import type { z } from 'zod';

import type { Db, DbOrTx } from '../../db/client';
import { creditNotes, orderHistory, orders, returnLines, returns } from '../../db/schema';
import { auditTrail } from '../../lib/audit';
import { transactionOnce } from '../../lib/idempotency';
import { conflict, found, ValidationError } from '../../lib/errors';
import { countedPageOf } from '../../lib/paged-list';
import type { SessionUser } from '../../plugins/session';
import { BILLED_STATUSES } from '../../shared/bills';
import { actorName, lock } from '../../shared/order-transitions';
import { boundsOfOrder, type OrderBounds } from './claims-bounds';
import type { NotifyDeductions } from './claims-notices';
import { asResponsible, isoOf, moveClaimedLines, type PartnerForPay, partnersForPay } from './claims-shared';
import {
  creditNotesOfReturn,
  linesOfReturn,
  lockReturn,
  returnById,
  returnCount,
  returnedQuantities,
  returnPage,
  returnsOfOrder,
  setLineCredits,
} from './returns.queries';

type ItemRow = Awaited<ReturnType<typeof returnPage>>[number];

const itemOf = (row: Omit<ItemRow, 'total_rows'>): ReturnListItem => ({
  id: row.id,
  name: row.name,
  order: { id: row.orderId, name: row.orderName },
  status: row.status === 'processed' ? 'processed' : 'open',
  lineCount: row.lineCount,
  responsible: asResponsible(row.responsible),
  createdAt: row.createdAt.toISOString(),
});

/** What the audit log keeps of a return: its state, and the credit notes its processing gave (cents). */
interface AuditedReturn {
  id: number;
  status: string;
  responsible: string | null;
  processedBy: number | null;
  creditNotes?: Record<string, number>;
  lines?: { order_line_id: number; quantity: number; reason: string }[];
}
const trail = auditTrail('return', (r: AuditedReturn) => ({
  status: r.status,
  responsible: r.responsible,
  processed_by: r.processedBy,
  ...(r.creditNotes ? { credit_notes: r.creditNotes } : {}),
  ...(r.lines ? { lines: r.lines } : {}),
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

/**
 * Each partner's credit note for a return processed with the partner responsible: on each returned line the
 * on pay of the quantity returned, at most what is left on the line after earlier credit notes and refund
 * deductions (the contract's `returnCreditCents`), added up per partner. What the Process dialog shows before,
 * and what processing writes (with each line's part).
 */
function creditNotesFor(
  lines: readonly ReturnedLine[],
  people: ReadonlyMap<number, PartnerForPay>,
  bounds: OrderBounds,
): { partner: PartnerForPay; cents: number; count: number; parts: { id: number; cents: number }[] }[] {
  const notes: {
    partner: PartnerForPay;
    cents: number;
    count: number;
    parts: { id: number; cents: number }[];
  }[] = [];
  for (const [partnerId, own] of byPartner(lines)) {
    const partner = people.get(partnerId);
    const rule = bounds.ruleOf(partnerId);
    if (!partner || !rule) continue;
    const parts = own.map((l) => {
      const line = bounds.lines.get(l.orderLineId);
      if (!line || line.partnerId !== partnerId) return { id: l.id, cents: 0 };
      const now = Math.min(l.quantity, l.lineQuantity);
      return {
        id: l.id,
        cents: returnCreditCents(line, { before: line.returnedProcessed, now }, rule, bounds.vat),
      };
    });
    notes.push({
      partner,
      cents: parts.reduce((s, p) => s + p.cents, 0),
      count: own.reduce((s, l) => s + Math.min(l.quantity, l.lineQuantity), 0),
      parts,
    });
  }
  return notes;
}

async function previewCreditNotes(db: DbOrTx, orderId: number, lines: readonly ReturnedLine[]) {
  const people = await partnersForPay(db, [...byPartner(lines).keys()]);
  return creditNotesFor(lines, people, await boundsOfOrder(db, orderId));
}

/** The items and their reasons, for the partner's e-mail: "3 items (Damaged: 2, Wrong flowers: 1)". */
function itemsAndReasons(lines: readonly ReturnedLine[]) {
  const reasons = new Map<string, number>();
  for (const l of lines) reasons.set(l.reason, (reasons.get(l.reason) ?? 0) + l.quantity);
  const n = lines.reduce((s, l) => s + l.quantity, 0);
  const list = [...reasons].map(([reason, count]) => `${reason}: ${String(count)}`).join(', ');
  return `${String(n)} ${n === 1 ? 'item' : 'items'} (${list})`;
}

type OpenInput = z.output<typeof openReturnBody>;

/**
 * Returns (DECISIONS.md "Returns and refunds", "The money cycle on real orders"): staff open one from the order
 * page for delivered lines, then process it, saying who bears the cost. With the partner responsible, each
 * partner whose lines came back gets a credit note on their bill for the order (the on pay of the returned
 * quantity), which their statement shows as a deduction, and an e-mail about it queued in the same transaction.
 */
export function createReturnsService({ db, notify }: { db: Db; notify: NotifyDeductions }) {
  const get = async (id: number, on: DbOrTx = db): Promise<ReturnDetail> => {
    const row = found(await returnById(on, id));
    const lines = await linesOfReturn(on, id);
    const names = new Map(lines.flatMap((l) => (l.partnerId === null ? [] : [[l.partnerId, l.partnerName]])));
    let creditNotesShown: ReturnDetail['creditNotes'];
    if (row.status === 'open') {
      creditNotesShown = (await previewCreditNotes(on, row.orderId, lines)).map((n) => ({
        partner: { id: n.partner.id, name: n.partner.name },
        amount: n.cents / 100,
      }));
    } else {
      const written = await creditNotesOfReturn(on, id);
      creditNotesShown = [...names].map(([partnerId, name]) => ({
        partner: { id: partnerId, name: name ?? '' },
        amount: written.filter((n) => n.partnerId === partnerId).reduce((s, n) => s + n.cents, 0) / 100,
      }));
    }
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
      creditNotes: creditNotesShown,
    };
  };

  return {
    list: async (q: ReturnListQuery, path: string): Promise<Paged<ReturnListItem>> => {
      const page = await countedPageOf(q, path, {
        rows: (p) => returnPage(db, q, p),
        count: () => returnCount(db, q),
      });
      return { data: page.data.map(itemOf), meta: page.meta };
    },

    get,

    /**
     * Opens a return on an order (POST /api/orders/{id}/returns): delivered lines only, each at most what was
     * delivered less what earlier returns took back. The order is locked first (as every transition does), so
     * two returns of the same line at once cannot together take back more than was delivered.
     */
    open: async (user: SessionUser, orderId: number, input: OpenInput): Promise<ReturnDetail> => {
      // One transaction with the key of a retry (lib/idempotency.ts): the return answered is read inside it.
      return transactionOnce(db, async (tx) => {
        const { order, lines } = await lock(tx, orderId);
        const errors: Record<string, string[]> = {};
        const seen = new Set<number>();
        const before = await returnedQuantities(
          tx,
          lines.map((l) => l.id),
        );
        input.lines.forEach((wanted, i) => {
          const line = lines.find((l) => l.id === wanted.orderLineId);
          if (!line) errors[`lines.${String(i)}.orderLineId`] = [CLAIM_TEXTS.notOnOrder];
          else if (seen.has(line.id)) errors[`lines.${String(i)}.orderLineId`] = [CLAIM_TEXTS.sameLineTwice];
          else if (!BILLED_STATUSES.has(line.status as never))
            errors[`lines.${String(i)}.orderLineId`] = [CLAIM_TEXTS.notDelivered];
          else {
            const left = line.quantity - (before.get(line.id) ?? 0);
            if (wanted.quantity > left)
              errors[`lines.${String(i)}.quantity`] = [CLAIM_TEXTS.returnQuantityAbove(Math.max(0, left))];
          }
          if (line) seen.add(line.id);
        });
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        const name = `${order.name}-R${String((await returnsOfOrder(tx, orderId)) + 1)}`;
        const now = new Date();
        const [created] = await tx
          .insert(returns)
          .values({ name, orderId, status: 'open', createdAt: now, updatedAt: now })
          .returning({ id: returns.id });
        const returnId = created!.id;
        await tx.insert(returnLines).values(
          input.lines.map((l) => ({
            returnId,
            orderLineId: l.orderLineId,
            quantity: l.quantity,
            reason: l.reason,
            reasonNote: l.note ?? null,
          })),
        );
        await tx.update(orders).set({ hasReturn: true, updatedAt: now }).where(eq(orders.id, orderId));
        const actor = await actorName(tx, user);
        await tx.insert(orderHistory).values({
          orderId,
          userId: user.id,
          message: `${actor} opened return ${name}`,
          status: null,
        });
        await trail.created(tx, {
          userId: user.id,
          record: {
            id: returnId,
            status: 'open',
            responsible: null,
            processedBy: null,
            lines: input.lines.map((l) => ({
              order_line_id: l.orderLineId,
              quantity: l.quantity,
              reason: l.reason,
            })),
          },
          message: `Return ${name} of order ${order.name} opened.`,
        });
        return get(returnId, tx);
      });
    },

    /** Processes an open return (409 otherwise); answers it as it now is. */
    process: async (user: SessionUser, id: number, responsible: Responsible): Promise<ReturnDetail> => {
      return transactionOnce(db, async (tx) => {
        // The return first, locked: a second process of the same return waits here and then finds it processed.
        const before = found(await lockReturn(tx, id));
        if (before.status !== 'open') throw conflict(CLAIM_TEXTS.returnProcessed);
        // Then the order: every claim on it queues here, so what is left is read after the one before wrote.
        await lock(tx, before.orderId);
        const lines = await linesOfReturn(tx, id);
        const notesDue = responsible === 'Partner' ? await previewCreditNotes(tx, before.orderId, lines) : [];
        const borne =
          responsible === 'Partner'
            ? 'a credit note for the partner'
            : `${bearer(responsible)} bears the return`;
        const { order } = await moveClaimedLines(tx, user, {
          orderId: before.orderId,
          lineIds: new Set(lines.map((l) => l.orderLineId)),
          to: 'return',
          message: `processed return ${before.name} (${responsible} responsible: ${borne})`,
        });
        const now = new Date();
        const day = todayInJohannesburg(now);
        const deductions: { partnerId: number; cents: number }[] = [];
        const notes: Record<string, number> = {};
        for (const { partner, cents, count, parts } of notesDue) {
          if (cents <= 0) continue;
          await setLineCredits(tx, parts);
          await tx.insert(creditNotes).values({
            partnerId: partner.id,
            orderId: order.id,
            returnId: id,
            kind: 'order',
            amountCents: cents,
            date: day,
            description: `Return ${before.name}: ${String(count)} returned`,
            createdBy: user.id,
          });
          deductions.push({ partnerId: partner.id, cents });
          notes[partner.name] = cents;
        }
        await tx
          .update(returns)
          .set({ status: 'processed', responsible, processedBy: user.id, processedAt: now, updatedAt: now })
          .where(eq(returns.id, id));
        await trail.updated(tx, {
          userId: user.id,
          before,
          after: { id, status: 'processed', responsible, processedBy: user.id, creditNotes: notes },
          message: `Return ${before.name} of order ${order.name} processed: ${responsible} responsible, ${borne}.`,
        });
        // The partners' e-mails are written with the credit notes, in this transaction.
        await notify(tx, {
          order,
          day,
          deductions,
          why: `the return ${before.name} of ${itemsAndReasons(lines)}`,
        });
        return get(id, tx);
      });
    },
  };
}
export type ReturnsService = ReturnType<typeof createReturnsService>;
