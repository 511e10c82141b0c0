import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A percentage as the forms type it (markup, rebate): 0 up to `maxFraction` × 100, two decimals, no spinner.
 * The form holds percent; `fromPercent` (ui/percent.ts) turns it into the fraction the API takes. Out-of-range
 * values are left as typed so the contract's message explains them.
 */
export function PercentInput({ maxFraction, ...props }: NumberInputProps & { maxFraction: number }) {
  return (
    <NumberInput
      suffix="%"
      min={0}
      max={maxFraction * 100}
      decimalScale={2}
      clampBehavior="none"
      hideControls
      {...props}
    />
  );
}
