import { formatPercent, parsePercent } from '@bloomline/contract';

import { typedNumberInput } from './money';

/**
 * A percentage typed as people write it (`12,5`, `12.5 %`), shown back as '12,5 %' once valid. The form holds
 * the text; `fractionValue` (ui/percent.ts) turns it into the fraction the API takes. Out-of-range or malformed
 * values stay as typed so the contract's message explains them under the field.
 */
export const PercentInput = typedNumberInput(
  parsePercent,
  // The input reads percent, so what is shown is the fraction parsePercent gave, written back.
  (fraction) => formatPercent(fraction),
);
