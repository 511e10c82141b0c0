import { formatMoney } from '@bloomline/contract';

import { BRAND, FONTS } from './brand';
import type { PdfDoc } from './document';
import { pdfText } from './pdf-text';

export type PdfColumn<Row> = {
  header: string;
  /** The cell's text. */
  value: (row: Row) => string;
  /** A share of the table's width, against the other columns' (default 1). */
  weight?: number;
  align?: 'left' | 'right';
};

/** A column of amounts: `R 1 234,56` by the contract's formatMoney, as on screen, to the right. */
export function moneyColumn<Row>(
  header: string,
  amount: (row: Row) => number | string | null,
  weight = 1,
): PdfColumn<Row> {
  return { header, value: (row) => formatMoney(amount(row)), weight, align: 'right' };
}

export type PdfTableOptions = {
  /** The closing row (a total), in bold under a rule; one text per column. */
  footer?: readonly string[];
  /** Rows under the footer, apart from its total (the summary's payments received). */
  below?: readonly (readonly string[])[];
};

const FONT_SIZE = 9;
const PADDING = 4;

type Layout = { x: number; widths: number[] };

function layoutOf<Row>(doc: PdfDoc, columns: readonly PdfColumn<Row>[]): Layout {
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  const total = columns.reduce((sum, c) => sum + (c.weight ?? 1), 0);
  return { x: left, widths: columns.map((c) => (width * (c.weight ?? 1)) / total) };
}

/** A row measured once: its height, and each cell's text width when it fits on one line (null: it wraps). */
type Measured = { height: number; oneLine: (number | null)[] };

/**
 * Measures a row. A cell whose text fits on one line (most of them) is measured by its width alone, once, and
 * drawn at that width; only a longer one goes through pdfkit's line wrapper, which costs many times more
 * (glyph widths and kerning are most of a 2,000-entry statement's time).
 */
function measure(doc: PdfDoc, cells: readonly string[], layout: Layout, font: string): Measured {
  doc.font(font).fontSize(FONT_SIZE);
  const line = doc.currentLineHeight(true);
  let height = line;
  const oneLine = cells.map((text, i) => {
    const width = (layout.widths[i] ?? 0) - 2 * PADDING;
    const measured = text.includes('\n') ? Infinity : doc.widthOfString(text);
    if (measured <= width) return measured;
    height = Math.max(height, doc.heightOfString(text || ' ', { width }));
    return null;
  });
  return { height: height + 2 * PADDING, oneLine };
}

function drawCells<Row>(
  doc: PdfDoc,
  columns: readonly PdfColumn<Row>[],
  cells: readonly string[],
  layout: Layout,
  style: { font: string; colour: string; fill?: string; rule?: 'above' | 'below' },
  measured: Measured = measure(doc, cells, layout, style.font),
) {
  const { height } = measured;
  const y = doc.y;
  const width = layout.widths.reduce((a, b) => a + b, 0);
  if (style.fill) doc.rect(layout.x, y, width, height).fill(style.fill);
  if (style.rule) {
    const ruleY = style.rule === 'above' ? y : y + height;
    doc
      .moveTo(layout.x, ruleY)
      .lineTo(layout.x + width, ruleY)
      .lineWidth(0.75)
      .strokeColor(BRAND.rule)
      .stroke();
  }
  doc.font(style.font).fontSize(FONT_SIZE).fillColor(style.colour);
  let x = layout.x;
  cells.forEach((text, i) => {
    const cellWidth = (layout.widths[i] ?? 0) - 2 * PADDING;
    const align = columns[i]?.align ?? 'left';
    const textWidth = measured.oneLine[i];
    if (textWidth === null || textWidth === undefined) {
      doc.text(text, x + PADDING, y + PADDING, { width: cellWidth, align });
    } else {
      // One line, placed by hand where pdfkit's alignment would put it, without the line wrapper.
      const offset = align === 'right' ? cellWidth - textWidth : 0;
      doc.text(text, x + PADDING + offset, y + PADDING, { lineBreak: false });
    }
    x += layout.widths[i] ?? 0;
  });
  doc.x = layout.x;
  doc.y = y + height;
}

/**
 * A table that runs over as many pages as its rows need, its header row repeated at the top of each page,
 * every other row tinted, an optional total row at the end. Rows are drawn as they come, so a statement's
 * entries can be read from the database in batches (`rows` may be async).
 */
export async function drawTable<Row>(
  doc: PdfDoc,
  columns: readonly PdfColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
  options: PdfTableOptions = {},
): Promise<void> {
  const layout = layoutOf(doc, columns);
  const headers = columns.map((c) => pdfText(c.header));
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const drawHeader = () =>
    drawCells(doc, columns, headers, layout, { font: FONTS.bold, colour: '#ffffff', fill: BRAND.colour });
  /** Starts a new page (with the header again) when the next row would not fit on this one. */
  const makeRoom = (cells: readonly string[], font: string, withHeader: boolean): Measured => {
    const measured = measure(doc, cells, layout, font);
    if (doc.y + measured.height <= bottom()) return measured;
    doc.addPage();
    if (withHeader) drawHeader();
    return measured;
  };

  // The header never stands alone at the foot of a page: it moves over with the first row's room.
  makeRoom(headers, FONTS.bold, false);
  drawHeader();
  let index = 0;
  for await (const row of rows) {
    const cells = columns.map((c) => pdfText(c.value(row)));
    const measured = makeRoom(cells, FONTS.regular, true);
    const fill = index % 2 === 1 ? BRAND.tint : undefined;
    const style = { font: FONTS.regular, colour: BRAND.text, fill, rule: 'below' as const };
    drawCells(doc, columns, cells, layout, style, measured);
    index += 1;
  }
  if (options.footer) {
    const cells = options.footer.map(pdfText);
    makeRoom(cells, FONTS.bold, true);
    drawCells(doc, columns, cells, layout, { font: FONTS.bold, colour: BRAND.text, rule: 'above' });
  }
  for (const row of options.below ?? []) {
    const cells = row.map(pdfText);
    const measured = makeRoom(cells, FONTS.regular, true);
    drawCells(
      doc,
      columns,
      cells,
      layout,
      { font: FONTS.regular, colour: BRAND.text, rule: 'above' },
      measured,
    );
  }
  doc.moveDown(1);
}
