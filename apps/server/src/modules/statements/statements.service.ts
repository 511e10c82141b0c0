import {
  MESSAGES,
  currentBalanceCents,
  latestMonths,
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
import { entryOf, entryPages, entrySummary, monthFigures } from './statements.pages';
import { statementPdf, type PdfKind } from './statements.pdf';
import {
  currentBalanceSums,
  monthCounts,
  statementEntryPage,
  statementPartner,
  type StatementPartner,
} from './statements.queries';

type Order = { s: StatementSort; d: 'asc' | 'desc' };

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
      summary: entrySummary(figures.counts, figures.amounts),
      entries: kind === 'detail' ? entryPages(db, partner, month, order) : undefined,
      compress: options.compress,
    }),
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
