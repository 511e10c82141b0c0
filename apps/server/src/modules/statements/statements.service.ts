import {
  MESSAGES,
  balanceAtCents,
  currentBalanceCents,
  currentMonth,
  latestMonths,
  monthBounds,
  statementTotals,
  type StatementAnswer,
  type StatementOrdersAnswer,
  type StatementOrderEntry,
  type StatementMonth,
  type StatementSort,
} from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import type { Download } from '../../lib/download';
import { fileSlug } from '../../lib/download';
import { ValidationError, notFound } from '../../lib/errors';
import type { Viewer } from '../../lib/viewer';
import { entryOf } from './statements.entries';
import { statementPdf, type PdfKind } from './statements.pdf';
import {
  balanceBefore,
  currentBalanceSums,
  monthCounts,
  monthSums,
  statementEntryPage,
  statementPartner,
  type StatementPartner,
} from './statements.queries';

type Order = { s: StatementSort; d: 'asc' | 'desc' };

/** Rows a PDF holds at a time: one page read from the database, drawn, then the next. */
export const PDF_BATCH = 500;

/** Whose statement a request reads: a partner user's own (whatever it sends), or the staff member's choice. */
export async function statementOwner(
  db: DbOrTx,
  viewer: Viewer,
  partnerId: number | undefined,
): Promise<StatementPartner> {
  if (viewer.kind === 'partner') {
    const own = await statementPartner(db, viewer.partnerId);
    if (!own) throw notFound();
    return own;
  }
  if (partnerId === undefined) throw ValidationError.field('partner_id', MESSAGES.required);
  const chosen = await statementPartner(db, partnerId);
  if (!chosen) throw ValidationError.field('partner_id', MESSAGES.invalidChoice);
  return chosen;
}

/**
 * The balance a month's statement shows (cents): the current balance for the current month, and for a past
 * month the balance as it stood at that month's end (DECISIONS.md "Statements").
 */
export async function balanceShown(db: DbOrTx, partnerId: number, month: string): Promise<number> {
  if (month >= currentMonth()) return currentBalanceCents(await currentBalanceSums(db, partnerId));
  return balanceAtCents(await balanceBefore(db, partnerId, monthBounds(month).next));
}

/** The month's figures and counts: from SQL sums, by the contract's one function per figure. */
export async function monthFigures(db: DbOrTx, partner: StatementPartner, month: string) {
  const [month_, balance] = await Promise.all([
    monthSums(db, partner.id, month),
    balanceShown(db, partner.id, month),
  ]);
  return {
    totals: statementTotals(month_.sums, balance),
    counts: month_.counts,
    amounts: month_.amounts,
    sums: month_.sums,
  };
}

/** The month's entries a page at a time, in the statement's order: a PDF never holds more than one page. */
export async function* entryPages(db: DbOrTx, partner: StatementPartner, month: string, order: Order) {
  for (let offset = 0; ; offset += PDF_BATCH) {
    const rows = await statementEntryPage(db, partner.id, month, order, { limit: PDF_BATCH, offset });
    for (const row of rows) yield entryOf(row);
    if (rows.length < PDF_BATCH) return;
  }
}

/** Monthly partner statements: the screen's answer, the current balance, the month's orders and the PDFs. */
export function createStatementsService({ db }: { db: DbOrTx }) {
  const ownerOf = (viewer: Viewer, partnerId: number | undefined) => statementOwner(db, viewer, partnerId);
  const meta = (partner: StatementPartner, month: string) => ({
    month,
    partner: { id: partner.id, name: partner.name },
  });

  return {
    async statement(
      viewer: Viewer,
      request: Order & { month: string; partner_id?: number },
    ): Promise<StatementAnswer> {
      const partner = await ownerOf(viewer, request.partner_id);
      const [rows, figures] = await Promise.all([
        statementEntryPage(db, partner.id, request.month, request, null),
        monthFigures(db, partner, request.month),
      ]);
      return { data: rows.map(entryOf), meta: { ...meta(partner, request.month), totals: figures.totals } };
    },

    async currentBalance(viewer: Viewer, partnerId: number | undefined): Promise<number> {
      const partner = await ownerOf(viewer, partnerId);
      return currentBalanceCents(await currentBalanceSums(db, partner.id)) / 100;
    },

    /** The latest 12 months with the orders received and sent in each (the /statements list). */
    async months(viewer: Viewer, partnerId: number | undefined): Promise<StatementMonth[]> {
      const partner = await ownerOf(viewer, partnerId);
      const months = latestMonths();
      const counts = new Map((await monthCounts(db, partner.id, months)).map((c) => [c.month, c]));
      return months.map((month) => ({
        month,
        ordersReceived: counts.get(month)?.received ?? 0,
        ordersSent: counts.get(month)?.sent ?? 0,
      }));
    },

    /** The month's orders with their Total on pay: the orders page when the statements feature is off. */
    async orders(
      viewer: Viewer,
      request: { month: string; partner_id?: number },
    ): Promise<StatementOrdersAnswer> {
      const partner = await ownerOf(viewer, request.partner_id);
      const rows = await statementEntryPage(db, partner.id, request.month, { s: 'name', d: 'desc' }, null);
      const orders = rows
        .filter((row) => row.type === 'order' && row.bill_id !== null)
        .map((row) => entryOf(row) as StatementOrderEntry);
      const totalOnPay = orders.reduce((sum, o) => sum + Math.round((o.bill?.amount ?? 0) * 100), 0) / 100;
      return { data: orders, meta: { ...meta(partner, request.month), totalOnPay } };
    },

    async pdf(
      viewer: Viewer,
      kind: PdfKind,
      request: Order & { month: string; partner_id?: number },
    ): Promise<Download> {
      const partner = await ownerOf(viewer, request.partner_id);
      return statementDownload(db, partner, kind, request.month, request);
    },
  };
}

/** A statement's PDF as a download named `statement-<partner-slug>-<Y-MM>-<kind>.pdf` (DECISIONS.md). */
export async function statementDownload(
  db: DbOrTx,
  partner: StatementPartner,
  kind: PdfKind,
  month: string,
  order: Order,
  options: { compress?: boolean } = {},
): Promise<Download> {
  const figures = await monthFigures(db, partner, month);
  return {
    filename: `statement-${fileSlug(partner.name)}-${month}-${kind}.pdf`,
    contentType: 'application/pdf',
    body: statementPdf({
      kind,
      partner,
      month,
      totals: figures.totals,
      counts: figures.counts,
      amounts: figures.amounts,
      entries: kind === 'detail' ? entryPages(db, partner, month, order) : undefined,
      compress: options.compress,
    }),
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
