import { formatPercent, parsePercent } from '@bloomline/contract';

/**
 * Markups, rebates, commission and VAT travel as fractions (0.15) and are typed and shown as percentages
 * ('15 %', '12,5 %'), part 2, point 5, with the contract's one format and parser.
 */
export { formatPercent };

/** What a percent input shows for a stored fraction: '12,5 %', or empty for none. */
export const percentText = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined ? '' : formatPercent(fraction);

/**
 * A typed percentage as the fraction sent: null when blank, or the text itself when it is not a percentage
 * (`typedFieldsSchema` names that error under the field before anything is sent).
 */
export function fractionValue(typed: string): number | string | null {
  if (typed.trim() === '') return null;
  const parsed = parsePercent(typed);
  return parsed.ok ? parsed.value : typed;
}
