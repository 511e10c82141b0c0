import { formatMoney } from '@bloomline/contract';

/**
 * The PDFs use the 14 standard fonts (no font file to ship or embed), which write text in WinAnsi: Latin-1
 * plus 27 signs such as – — ‘ ’ “ ” … € •. A character outside it would print as a wrong glyph, so every
 * text goes through `pdfText` first. formatMoney writes plain spaces (`R 1 234,56`), which need nothing;
 * should it ever write the no-break spaces typography asks for, the narrow and thin ones become U+00A0 (in
 * WinAnsi, and still no line break inside an amount).
 */

/** The 27 signs WinAnsi places at 0x80–0x9F, beyond Latin-1. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const NARROW_SPACES = /[\u2007\u2009\u202f]/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

const inWinAnsi = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char);
};

/**
 * Text the standard fonts print as written: narrow spaces become no-break spaces, a letter with an accent
 * WinAnsi lacks loses the accent (`ễ` → `e`), line breaks and tabs stay, and anything else is `?`.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.replace(NARROW_SPACES, '\u00a0')) {
    if (inWinAnsi(char) || char === '\n' || char === '\t') out += char;
    else {
      const plain = char.normalize('NFKD').replace(COMBINING_MARKS, '');
      out += plain !== '' && [...plain].every(inWinAnsi) ? plain : '?';
    }
  }
  return out;
}

/**
 * An amount inside a sentence of a PDF cell (`credit note -R 1 370,69`): formatMoney's spaces become no-break
 * spaces, so a cell that wraps never splits an amount across lines ("-R" / "1 370,69").
 */
export const moneyInText = (amount: number): string => formatMoney(amount).replace(/ /g, '\u00a0');
