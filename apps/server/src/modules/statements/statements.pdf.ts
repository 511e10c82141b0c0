import type { Readable } from 'node:stream';

import {
  CLOSED_MONTH_TEXTS,
  STATEMENT_FIGURES,
  entryAmount,
  formatCount,
  formatMoney,
  monthName,
  statementDate,
  type StatementEntry,
  type StatementTotals,
} from '@bloomline/contract';

import {
  BRAND,
  FONTS,
  drawTable,
  moneyColumn,
  moneyInText,
  pdfStream,
  pdfText,
  type PdfDoc,
} from '../../lib/pdf';
import type { EntrySummary, EntrySummaryRow } from './statements.pages';
import type { StatementPartner } from './statements.queries';

export type PdfKind = 'detail' | 'summary';

export type StatementPdfInput = {
  kind: PdfKind;
  partner: StatementPartner;
  month: string;
  totals: StatementTotals;
  /** The summary's count and amount (cents) per entry type, and their total (statements.pages.ts). */
  summary: EntrySummary;
  /** The detailed PDF's entries, read a page at a time as the table is drawn. */
  entries?: AsyncIterable<StatementEntry>;
  compress?: boolean;
};

export const ENTRY_TYPE_NAMES: Record<StatementEntry['type'], string> = {
  order: 'Order',
  refund: 'Refund',
  payment: 'Payment',
  wholesale: 'Wholesale',
  instore: 'In-store',
};

/** What the "Details" column says of an entry. */
export function entryDetails(entry: StatementEntry): string {
  switch (entry.type) {
    case 'order': {
      const who = [entry.order.firstName, entry.order.lastName].filter(Boolean).join(' ');
      const paid = entry.bill
        ? entry.bill.paid
          ? `Paid ${statementDate(entry.bill.date)}`.trim()
          : 'Unpaid'
        : 'billed in an earlier month';
      const notes = entry.creditNotes.map((n) => `credit note ${moneyInText(-n.amount)}`);
      return [who, paid, ...notes].filter(Boolean).join(' · ');
    }
    case 'refund':
      return entry.name;
    case 'payment':
      return entry.reference ?? 'EFT payment';
    default:
      return entry.creditNote.description ?? '';
  }
}

/** The entry's order number or the payment's reference: the "Order no" column. */
export const entryName = (entry: StatementEntry): string =>
  entry.type === 'payment' ? '' : (entry.order?.name ?? '');

/** The five figures as a small two-column table: label and amount exactly as the screen and JSON give them. */
async function drawFigures(doc: PdfDoc, totals: StatementTotals) {
  await drawTable(
    doc,
    [
      { header: 'Figure', value: (f: (typeof STATEMENT_FIGURES)[number]) => f.label, weight: 2 },
      moneyColumn('Amount', (f: (typeof STATEMENT_FIGURES)[number]) => totals[f.key], 1),
      { header: 'What it is', value: (f: (typeof STATEMENT_FIGURES)[number]) => f.hint, weight: 4 },
    ],
    STATEMENT_FIGURES,
  );
}

function drawAddress(doc: PdfDoc, partner: StatementPartner) {
  if (partner.address.length === 0) return;
  doc.font(FONTS.regular).fontSize(9).fillColor(BRAND.muted);
  doc.text(pdfText(partner.address.join('\n')));
  doc.moveDown(1).fillColor(BRAND.text);
}

function heading(doc: PdfDoc, text: string) {
  doc.font(FONTS.bold).fontSize(12).fillColor(BRAND.text).text(pdfText(text));
  doc.moveDown(0.4).font(FONTS.regular).fontSize(9);
}

/**
 * A statement as a PDF (DECISIONS.md "Statements"): the brand, "Statement for May 2026", the partner's name
 * and address, the five figures as the JSON answer gives them, then the detailed one's every entry (a table
 * whose header repeats on each page, rows drawn as the database pages them in) or the summary's count of
 * entries per type. Page numbers come from pdfStream.
 */
export function statementPdf(input: StatementPdfInput): Readable {
  const { partner, month, totals, summary } = input;
  const title = `Statement for ${monthName(month)}`;
  return pdfStream(
    {
      title,
      subtitle: `${partner.name} · ${input.kind === 'detail' ? 'Detailed statement' : 'Summary'}`,
      compress: input.compress,
    },
    async (doc) => {
      drawAddress(doc, partner);
      heading(doc, 'Figures');
      await drawFigures(doc, totals);
      if (input.kind === 'summary' || !input.entries) {
        heading(doc, 'Entries');
        await drawTable(
          doc,
          [
            {
              header: 'Entry type',
              value: (row: EntrySummaryRow) => ENTRY_TYPE_NAMES[row.type],
              weight: 2,
            },
            {
              header: 'Count',
              value: (row: EntrySummaryRow) => formatCount(row.count),
              align: 'right',
            },
            moneyColumn('Amount', (row: EntrySummaryRow) => row.amountCents / 100, 1.5),
          ],
          summary.rows,
          {
            footer: [
              STATEMENT_FIGURES.find((f) => f.key === 'totalOnPay')?.label ?? 'Total on pay',
              formatCount(summary.total.count),
              formatMoney(summary.total.amountCents / 100),
            ],
            below: [
              [
                CLOSED_MONTH_TEXTS.paidThisMonth,
                formatCount(summary.paid.count),
                formatMoney(summary.paid.amountCents / 100),
              ],
            ],
          },
        );
        return;
      }
      heading(doc, 'Entries');
      await drawTable(
        doc,
        [
          { header: 'Date', value: (e: StatementEntry) => statementDate(e.date), weight: 1.2 },
          { header: 'Type', value: (e: StatementEntry) => ENTRY_TYPE_NAMES[e.type], weight: 1 },
          { header: 'Order no', value: entryName, weight: 1.3 },
          { header: 'Details', value: entryDetails, weight: 3.2 },
          moneyColumn('Amount', entryAmount, 1.5),
        ],
        input.entries,
      );
    },
  );
}

/** The whole PDF in memory: only for the month-end e-mail's summary (one page). */
export async function pdfBuffer(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}
