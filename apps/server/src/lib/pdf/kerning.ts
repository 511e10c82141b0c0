/** What this module reads of pdfkit's standard-font metrics (its AFMFont; not in its published types). */
type AfmMetrics = {
  kernPairs: Record<string, number>;
  getKernPair: (left: string, right: string) => number;
};

/**
 * pdfkit's standard fonts look a kerning pair up by joining the two glyph names into a new string and
 * reading an object with thousands of such keys, for every pair of letters measured and again for every
 * pair drawn: the largest single cost of a long statement (`--cpu-prof`, docs/decisions.md "Issue 22: the
 * PDF's speed"). The same pairs, indexed by left glyph then right glyph once per document, give the same
 * numbers without building a string per letter. Loads each font given; the last one stays current.
 */
export function fastKerning(doc: PDFKit.PDFDocument, fonts: readonly string[]): void {
  for (const name of fonts) {
    doc.font(name);
    // pdfkit keeps the current font in `_font` (not in its published types); its `font` is the AFM metrics.
    const metrics = (doc as unknown as { _font?: { font?: Partial<AfmMetrics> } })._font?.font;
    if (!metrics?.kernPairs || typeof metrics.getKernPair !== 'function') continue;
    const byLeft = new Map<string, Map<string, number>>();
    for (const [key, amount] of Object.entries(metrics.kernPairs)) {
      const cut = key.indexOf('\0');
      const left = key.slice(0, cut);
      let rights = byLeft.get(left);
      if (!rights) byLeft.set(left, (rights = new Map<string, number>()));
      rights.set(key.slice(cut + 1), amount);
    }
    metrics.getKernPair = (left, right) => byLeft.get(left)?.get(right) ?? 0;
  }
}
