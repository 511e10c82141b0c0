import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

import { formatMoney } from '@bloomline/contract';
import { describe, expect, it } from 'vitest';

import PDFDocument from 'pdfkit';

import { FONTS, drawTable, fastKerning, moneyColumn, pdfStream, pdfText } from '.';

type Entry = { no: string; recipient: string; onPay: number };

const ENTRIES: Entry[] = Array.from({ length: 90 }, (_, i) => ({
  no: `BL-${String(1000 + i)}`,
  recipient: `Recipient ${String(i)}`,
  onPay: i === 3 ? 1234.56 : i * 10.5,
}));

/** A statement-like document: 90 entries run over three pages, with a total row. */
function statement(compress: boolean): Readable {
  return pdfStream({ title: 'Statement for May 2026', subtitle: 'Petals & Co', compress }, (doc) =>
    drawTable(
      doc,
      [
        { header: 'Order no', value: (e: Entry) => e.no },
        { header: 'Recipient', value: (e: Entry) => e.recipient, weight: 2 },
        moneyColumn('On pay', (e: Entry) => e.onPay),
      ],
      // Rows may arrive as the database answers them.
      (async function* () {
        yield* ENTRIES;
      })(),
      { footer: ['Total', '', formatMoney(-5)] },
    ),
  );
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** WinAnsi's 0x80–0x9F, as pdfkit writes the standard fonts' text. */
const WIN_ANSI_EXTRA: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x96: '–',
  0x97: '—',
};

/**
 * Each page's text from an uncompressed pdfkit file, without a PDF reader: pdfkit writes a page's drawing as
 * one stream, in page order, and each line of text as a `[<hex> kerning <hex>] TJ` array.
 */
function pagesOf(pdf: Buffer): string[] {
  const streams = [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)];
  return streams.map(([, body = '']) =>
    [...body.matchAll(/\[([^\]]*)\]\s*TJ/g)]
      .map(([, array = '']) =>
        [...array.matchAll(/<([0-9a-f]*)>/gi)]
          .flatMap(([, hex = '']) => [...Buffer.from(hex, 'hex')])
          .map((byte) => WIN_ANSI_EXTRA[byte] ?? String.fromCharCode(byte))
          .join(''),
      )
      .join('\n'),
  );
}

describe('pdfStream and drawTable', () => {
  it('repeat the table header and the brand on each of three pages, numbered "Page n of 3"', async () => {
    const pages = pagesOf(await bytesOf(statement(false)));
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toContain('Bloomline');
      expect(page).toContain('Statement for May 2026');
      expect(page).toMatch(/Order no\nRecipient\nOn pay/);
      expect(page).toContain(`Page ${String(i + 1)} of 3`);
    });
    // Every entry is printed once, in order, and the title only opens page 1.
    expect(pages.join('\n').match(/BL-\d{4}/g)).toEqual(ENTRIES.map((e) => e.no));
    expect(pages[0]).toContain('Petals & Co');
    expect(pages[1]).not.toContain('Petals & Co');
  });

  it('print amounts as the screen does, with formatMoney', async () => {
    const text = pagesOf(await bytesOf(statement(false))).join('\n');
    expect(formatMoney(1234.56)).toBe('R 1 234,56');
    expect(text).toContain('\nR 1 234,56\n');
    expect(text).toContain('\n-R 5,00');
  });

  it('make a compressed file by default, which a PDF reader reads the same (when poppler is installed)', async () => {
    const pdf = await bytesOf(statement(true));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).not.toContain('Recipient 3');
    if (!existsSync('/usr/bin/pdftotext')) return;
    const file = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'statement.pdf');
    writeFileSync(file, pdf);
    const pages = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((p) => p.trim());
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toMatch(/Order no\s+Recipient\s+On pay/);
      expect(page).toContain(`Page ${String(i + 1)} of 3`);
    });
    expect(pages[0]).toContain('R 1 234,56');
  });
});

describe('pdfText', () => {
  it('keeps what the standard fonts print and replaces what they cannot', () => {
    expect(pdfText('R 1 234,56 – Café “Rosé” €5 …')).toBe('R 1 234,56 – Café “Rosé” €5 …');
    // Narrow and thin spaces (typography's thousands separators) are not in WinAnsi; the no-break space is.
    expect(pdfText('R\u202f1\u2009234,56')).toBe('R\u00a01\u00a0234,56');
    expect(pdfText('Nguyễn Łukasz')).toBe('Nguyen ?ukasz');
    expect(pdfText('Roses 🌹')).toBe('Roses ?');
  });
});

describe('fastKerning', () => {
  it("measures and draws every string exactly as pdfkit's own kerning does", () => {
    const samples = [
      'AVATAR',
      'Wo To Ty',
      'Yvonne LT',
      'R 1 234,56',
      "L'Avenue Florists",
      'P.O. Box 7, Fynbos',
    ];
    const widths = (fast: boolean) => {
      const doc = new PDFDocument({ font: FONTS.regular });
      if (fast) fastKerning(doc, [FONTS.bold, FONTS.regular]);
      return [FONTS.regular, FONTS.bold].flatMap((font) =>
        samples.map((text) => doc.font(font).fontSize(9).widthOfString(text)),
      );
    };
    const own = widths(false);
    expect(widths(true)).toEqual(own);
    // The samples do kern: "AVATAR" is narrower than its letters measured one by one.
    const letters = new PDFDocument().font(FONTS.regular).fontSize(9);
    const apart = [...'AVATAR'].reduce((sum, letter) => sum + letters.widthOfString(letter), 0);
    expect(own[0]).toBeLessThan(apart - 1);
  });
});
