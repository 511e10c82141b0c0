import { TextInput, type TextInputProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, FocusEvent } from 'react';

import { formatMoney, parseMoney, type Parsed } from '@bloomline/contract';

/** 'R 1 234,56': the contract's one way of writing money (DECISIONS.md, "Money and pricing"). */
export { formatMoney };

/** Amounts arrive as numbers or as numeric strings (Postgres numeric). */
export type MoneyValue = number | string | null | undefined;

export type MoneyProps = Omit<ComponentPropsWithoutRef<'span'>, 'children'> & { value: MoneyValue };

export function Money({ value, style, ...rest }: MoneyProps) {
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', ...style }} {...rest}>
      {formatMoney(value)}
    </span>
  );
}

/** What a money input shows for a stored amount: as on screens ('R 12,50'), or empty for none. */
export const moneyText = (rand: number | null | undefined) =>
  rand === null || rand === undefined ? '' : formatMoney(rand);

/**
 * A typed amount as it is sent: the number it reads as, null when blank, or the text itself when it is not an
 * amount (the contract's schema then names the field's error; it reads text with the same parseMoney).
 */
export function moneyValue(typed: string): number | string | null {
  if (typed.trim() === '') return null;
  const parsed = parseMoney(typed);
  return parsed.ok ? parsed.value : typed;
}

export type TypedNumberInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * A text input for a number a person types their own way (money, a percentage). It keeps exactly what was typed;
 * on leaving it, a valid value is written back the one way we show it, and anything else stays as typed for
 * the form's check to refuse under the field (nothing clamped, rounded or dropped).
 */
export function typedNumberInput(parse: (typed: string) => Parsed, format: (value: number) => string) {
  return function TypedNumberInput({ value, onChange, onBlur, ...props }: TypedNumberInputProps) {
    return (
      <TextInput
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange?.(event.currentTarget.value)}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          const parsed = parse(event.currentTarget.value);
          if (parsed.ok) {
            const shown = format(parsed.value);
            if (shown !== event.currentTarget.value) onChange?.(shown);
          }
          onBlur?.(event);
        }}
        {...props}
      />
    );
  };
}

/** A rand amount typed as people write it (`12,50`, `1 234.5`), shown back as 'R 12,50' once valid. */
export const MoneyInput = typedNumberInput(parseMoney, formatMoney);
