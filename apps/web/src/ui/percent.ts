import { toFraction } from '@bloomline/contract';

import { EMPTY_TEXT } from './empty';

/**
 * Markups, rebates and VAT travel as fractions (0.15) and are typed and shown as percentages (15), part 2,
 * point 5. The fractions have four decimals, so a percentage has two.
 */
export const toPercent = (fraction: number) => Math.round(fraction * 10_000) / 100;
/** A typed percentage as the fraction the API takes, rounded to the four decimals it is stored with. */
export const fromPercent = (percent: number) => toFraction(percent / 100);

/** '12.5%', or the empty mark for none. */
export function formatPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return EMPTY_TEXT;
  return `${String(toPercent(fraction))}%`;
}
