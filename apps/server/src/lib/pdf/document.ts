import type { Readable } from 'node:stream';

import PDFDocument from 'pdfkit';

import { BRAND, FONTS, PAGE } from './brand';
import { fastKerning } from './kerning';
import { pdfText } from './pdf-text';

export type PdfDoc = PDFKit.PDFDocument;

export type PdfOptions = {
  /** The document's title: big on page 1, small in every page's band, and in the file's properties. */
  title: string;
  /** A line under the title on page 1 (the partner and the month of a statement). */
  subtitle?: string;
  /** Tests read the text straight from the file; every real document is compressed. */
  compress?: boolean;
};

/** The band at the top of every page: the brand's name in its colour, the title, a rule. */
function drawBand(doc: PdfDoc, title: string) {
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  const top = 36;
  doc.save();
  doc.font(FONTS.bold).fontSize(15).fillColor(BRAND.colour).text(BRAND.name, left, top, { lineBreak: false });
  doc
    .font(FONTS.regular)
    .fontSize(9)
    .fillColor(BRAND.muted)
    .text(pdfText(title), left, top + 4, { width, align: 'right', lineBreak: false });
  doc
    .moveTo(left, top + 24)
    .lineTo(left + width, top + 24)
    .lineWidth(1.5)
    .strokeColor(BRAND.colour)
    .stroke();
  doc.restore();
  doc.x = left;
  doc.y = doc.page.margins.top;
}

/** "Page 2 of 3" at the foot of every page, written once the number of pages is known. */
function drawPageNumbers(doc: PdfDoc) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const { left, right, bottom } = doc.page.margins;
    const width = doc.page.width - left - right;
    const y = doc.page.height - 40;
    // Text below the bottom margin would start a new page; the margin is lifted while the foot is written.
    doc.page.margins.bottom = 0;
    doc
      .moveTo(left, y - 8)
      .lineTo(left + width, y - 8)
      .lineWidth(0.5)
      .strokeColor(BRAND.rule)
      .stroke();
    doc.font(FONTS.regular).fontSize(8).fillColor(BRAND.muted);
    doc.text(BRAND.name, left, y, { width, lineBreak: false });
    doc.text(`Page ${String(i - start + 1)} of ${String(count)}`, left, y, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * A branded A4 document, drawn by `draw` and answered as a stream to send (`sendDownload`): the band on
 * every page, the title on the first, "Page n of N" on each. pdfkit keeps the pages' drawing instructions
 * until the end (the page count is only known then), so a document is as large in memory as its pages, not
 * more; a statement is tens of pages. No browser is involved. A failure while drawing ends the stream with
 * that error, which ends the answer early.
 */
export function pdfStream(options: PdfOptions, draw: (doc: PdfDoc) => void | Promise<void>): Readable {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: PAGE.margins,
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: pdfText(options.title), Author: BRAND.name, Creator: BRAND.name },
    font: FONTS.regular,
  });
  fastKerning(doc, [FONTS.regular, FONTS.bold]);
  doc.on('pageAdded', () => drawBand(doc, options.title));
  drawBand(doc, options.title);
  doc.font(FONTS.bold).fontSize(18).fillColor(BRAND.text).text(pdfText(options.title));
  if (options.subtitle) {
    doc.moveDown(0.2).font(FONTS.regular).fontSize(11).fillColor(BRAND.muted).text(pdfText(options.subtitle));
  }
  doc.moveDown(1).font(FONTS.regular).fontSize(9).fillColor(BRAND.text);

  void (async () => {
    try {
      await draw(doc);
      drawPageNumbers(doc);
      doc.flushPages();
      doc.end();
    } catch (error) {
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return doc;
}
