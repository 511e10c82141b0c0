/**
 * The brand as a PDF shows it: the product's name and the web theme's colours (apps/web/src/theme.ts: primary
 * `grape`, shade 8; links shade 9; Mantine's gray scale for text and rules), so a statement looks like the
 * screen it was downloaded from.
 */
export const BRAND = {
  name: 'Bloomline',
  /** grape[9]: the theme's link colour, dark enough for white text on it (7.5:1). */
  colour: '#862e9c',
  /** grape[0]: every other table row. */
  tint: '#f8f0fc',
  /** gray[9] and gray[7]: body text and quieter text (both above 4.5:1 on white). */
  text: '#212529',
  muted: '#495057',
  /** gray[3]: rules between rows. */
  rule: '#dee2e6',
} as const;

/** A4 in points, with room at the top for the brand's band and at the bottom for the page number. */
export const PAGE = {
  size: 'A4',
  margins: { top: 84, bottom: 64, left: 48, right: 48 },
} as const;

export const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
