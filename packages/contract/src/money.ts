/**
 * Money and percentages as people read and type them (DECISIONS.md, "Money and pricing"): South African
 * style everywhere, on screens, in form fields and in documents: `R 1 234,56` and `15 %`. One function formats
 * and one parses each, so the web, the server and its PDFs agree. CSV files carry plain numbers instead.
 */

/** What a reader shows for no amount. */
export const NO_AMOUNT = '—';

/** A typed amount that is not one: the field's message (`:Attribute` is the field's label). */
export const NUMBER_MESSAGES = {
  money: ':Attribute must be an amount such as 1 234,50.',
  percent: ':Attribute must be a percentage such as 12,5.',
  moneyDecimals: ':Attribute can have at most 2 decimals.',
  percentDecimals: ':Attribute can have at most 2 decimals.',
} as const;

export type Parsed = { ok: true; value: number } | { ok: false; message: string };

/** Digits in groups of three after the first, split by spaces. */
const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** A count as screens write it, thousands split like money's: 1204330 → '1 204 330'. */
export const formatCount = (count: number): string =>
  (count < 0 ? '-' : '') + groupDigits(String(Math.trunc(Math.abs(count))));

/** A quantity that may have a fraction (a recipe's 2,5 stems × lines), to three decimals: 1204,5 → '1 204,5'. */
export function formatQuantity(quantity: number): string {
  const thousandths = Math.round(Math.abs(quantity) * 1000);
  const fraction = thousandths % 1000;
  const sign = quantity < 0 && thousandths > 0 ? '-' : '';
  const decimals = fraction ? `,${String(fraction).padStart(3, '0').replace(/0+$/, '')}` : '';
  return `${sign}${groupDigits(String(Math.trunc(thousandths / 1000)))}${decimals}`;
}

/**
 * Rand to whole cents, rounded half away from zero, without the float error of `x * 100` (1.005 rand is
 * 101 cents, not 100). The one conversion: formulas (pricing.ts) and formatting both use it.
 */
export function toCents(rand: number): number {
  const cents = Math.round(Math.abs(rand) * 100 + 1e-7);
  return rand < 0 && cents !== 0 ? -cents : cents;
}

/**
 * 'R 1 234,56': rand with two decimals after a comma and a plain space between thousands (and after the R), a
 * minus in front of a negative amount ('-R 5,00'). Numeric strings (PostgreSQL numeric) are read; no amount
 * (null, blank, not a number) is the dash.
 */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return NO_AMOUNT;
  const rand = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(rand)) return NO_AMOUNT;
  const cents = toCents(rand);
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}R ${groupDigits(String(whole))},${fraction}`;
}

/**
 * 'R 80 000': rand rounded to the whole rand, for a chart's axis, where cents are noise (issue 36). Amounts
 * themselves (tables, tooltips, documents) keep their cents with `formatMoney`.
 */
export function formatWholeRand(value: number): string {
  if (!Number.isFinite(value)) return NO_AMOUNT;
  const whole = Math.round(Math.abs(value));
  return `${value < 0 && whole > 0 ? '-' : ''}R ${groupDigits(String(whole))}`;
}

/** Spaces a reader may type or paste between thousands: plain, no-break and narrow no-break. */
const SPACES = /[ \u00a0\u202f]/g;
/** Digits, thousands in groups of three split by single spaces, then a comma or a point and the decimals. */
const NUMBER = /^([+-])?(\d{1,3}(?: \d{3})+|\d+)?(?:[.,](\d+))?$/;

function parseNumber(
  typed: string,
  maxDecimals: number,
  messages: { invalid: string; decimals: string },
): Parsed {
  const text = typed.replace(SPACES, ' ').trim().replace(/ +/g, ' ');
  const match = NUMBER.exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined))
    return { ok: false, message: messages.invalid };
  const [, sign, whole = '0', decimals = ''] = match;
  if (decimals.length > maxDecimals) return { ok: false, message: messages.decimals };
  const value = Number(`${whole.replace(/ /g, '')}.${decimals || '0'}`);
  if (!Number.isFinite(value)) return { ok: false, message: messages.invalid };
  return { ok: true, value: sign === '-' && value !== 0 ? -value : value };
}

/**
 * A typed amount in rand: a comma or a point before at most two decimals, spaces between thousands, an optional
 * sign, and the `R` we show in front (so a shown amount reads back): `12,50`, `1 234.5`, `R 1 234,56`. Anything
 * else (`12,50,1`, `1,234.5`, `R`, `1.234`) is refused with the field's message, never read as another number.
 */
export function parseMoney(typed: string): Parsed {
  const text = typed.trim();
  const withoutSymbol = text.replace(/^([+-]?)R(?=[\s\u00a0\u202f]|\d)[\s\u00a0\u202f]*/, '$1');
  return parseNumber(withoutSymbol, 2, {
    invalid: NUMBER_MESSAGES.money,
    decimals: NUMBER_MESSAGES.moneyDecimals,
  });
}

/** '15 %', '12,5 %': a fraction (0.125) as a percentage with at most two decimals; the dash for none. */
export function formatPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return NO_AMOUNT;
  const hundredths = Math.round(fraction * 10_000);
  const whole = Math.trunc(Math.abs(hundredths) / 100);
  const decimals = String(Math.abs(hundredths) % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${hundredths < 0 ? '-' : ''}${groupDigits(String(whole))}${decimals ? `,${decimals}` : ''} %`;
}

/**
 * A percentage inside a sentence: an audit message ('VAT changed from 15% to 16%.') or an on-pay row's label
 * ('Commission (12.5%)'). Those texts have always written it so (the audit log keeps them as written), apart
 * from formatPercent's '12,5 %' for a value standing on its own.
 */
export const percentInText = (fraction: number): string => `${String(Math.round(fraction * 10_000) / 100)}%`;

/**
 * A typed percentage as the fraction it means (`12,5` and `12.5 %` are 0.125): the same number rules as money,
 * at most two decimals (fractions are stored with four), an optional `%` after it.
 */
export function parsePercent(typed: string): Parsed {
  const parsed = parseNumber(typed.trim().replace(/\s*%$/, ''), 2, {
    invalid: NUMBER_MESSAGES.percent,
    decimals: NUMBER_MESSAGES.percentDecimals,
  });
  return parsed.ok ? { ok: true, value: Math.round(parsed.value * 100) / 10_000 } : parsed;
}
