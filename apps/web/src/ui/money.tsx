import type { ComponentPropsWithoutRef } from 'react';

import { EMPTY_TEXT } from './empty';

const rand = new Intl.NumberFormat('en-ZA', {
  style: 'currency',
  currency: 'ZAR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});

/** Amounts arrive as numbers or as numeric strings (Postgres numeric). */
export type MoneyValue = number | string | null | undefined;

/**
 * 'R 1 234,56' in South African style. ICU separates with no-break and narrow no-break spaces, which differ
 * between ICU versions; plain spaces keep the text stable (the component keeps it on one line).
 */
export function formatMoney(value: MoneyValue): string {
  if (value === null || value === undefined || value === '') return EMPTY_TEXT;
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return EMPTY_TEXT;
  return rand.format(amount).replace(/[\u00a0\u202f]/g, ' ');
}

export type MoneyProps = Omit<ComponentPropsWithoutRef<'span'>, 'children'> & { value: MoneyValue };

export function Money({ value, style, ...rest }: MoneyProps) {
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', ...style }} {...rest}>
      {formatMoney(value)}
    </span>
  );
}
