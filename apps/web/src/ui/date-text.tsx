import type { ComponentPropsWithoutRef } from 'react';

import { TIME_ZONE, TIME_ZONE_OFFSET, TIME_ZONE_OFFSET_MS, todayInJohannesburg } from '@bloomline/contract';

import { EMPTY_TEXT } from './empty';

export { TIME_ZONE };

export type DateInput = string | Date | null | undefined;
export type DateFormat = 'day' | 'date' | 'datetime';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

// en-US for the names because ICU's en-GB/en-ZA say 'Sept'; the order of the parts is ours.
const partsIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
// Made when first needed, not when the module loads (the first screen shows no date; on a phone the first
// formatter with a time zone is a long task).
let johannesburg: Intl.DateTimeFormat | undefined;
let utc: Intl.DateTimeFormat | undefined;
const inJohannesburg = () => (johannesburg ??= partsIn(TIME_ZONE));
const inUtc = () => (utc ??= partsIn('UTC'));

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The parts the formatter would give, read from the clock shifted by a fixed offset: Johannesburg has been UTC+2
 * all year since 1944 (the contract's TIME_ZONE_OFFSET). The browser's first formatter with a time zone loads its
 * time-zone data, a long task (10–15 ms on this machine) in the render of the first list of orders; other eras
 * (Johannesburg's daylight saving of 1942–44, years the formatter writes with an era) still go through it.
 */
function read(format: () => Intl.DateTimeFormat, offsetMs: number, instant: Date): Parts {
  const shifted = new Date(instant.getTime() + offsetMs);
  const year = shifted.getUTCFullYear();
  if (year < 1945 || year > 9999) {
    return Object.fromEntries(
      format()
        .formatToParts(instant)
        .map((p) => [p.type, p.value]),
    );
  }
  return {
    weekday: WEEKDAYS[shifted.getUTCDay()],
    day: pad2(shifted.getUTCDate()),
    month: MONTHS[shifted.getUTCMonth()],
    year: String(year),
    hour: pad2(shifted.getUTCHours()),
    minute: pad2(shifted.getUTCMinutes()),
  };
}

/** A calendar day 'YYYY-MM-DD' as midnight UTC, or null when it is not a real day. */
function calendarDay(value: string): Date | null {
  const m = DATE_ONLY.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d ? day : null;
}

function toInstant(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(ZONELESS.test(value) ? `${value.replace(' ', 'T')}${TIME_ZONE_OFFSET}` : value);
}

/** The parts of a value as a Johannesburg clock shows them; date-only strings stay on their calendar day. */
function partsOf(value: DateInput): Parts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const day = calendarDay(value);
    return day ? read(inUtc, 0, day) : null;
  }
  const instant = toInstant(value);
  return Number.isNaN(instant.getTime()) ? null : read(inJohannesburg, TIME_ZONE_OFFSET_MS, instant);
}

/** 'Fri 05 Jan 2024' */
export function formatDay(value: DateInput): string {
  const p = partsOf(value);
  return p ? `${p.weekday} ${p.day} ${p.month} ${p.year}` : EMPTY_TEXT;
}

/** '05 Jan 2024' ('dd MMM Y') */
export function formatDate(value: DateInput): string {
  const p = partsOf(value);
  return p ? `${p.day} ${p.month} ${p.year}` : EMPTY_TEXT;
}

/** 'Fri 05 Jan 2024 14:30' ('E dd MMM Y HH:mm') */
export function formatDateTime(value: DateInput): string {
  const p = partsOf(value);
  return p ? `${p.weekday} ${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}` : EMPTY_TEXT;
}

/** '14:30' ('HH:mm') */
export function formatTime(value: DateInput): string {
  const p = partsOf(value);
  return p ? `${p.hour}:${p.minute}` : EMPTY_TEXT;
}

/** Johannesburg's calendar day of an instant as 'YYYY-MM-DD' (the form date filters and pickers use). */
export const johannesburgDay = (instant: Date): string => todayInJohannesburg(instant);

/** Today in Johannesburg as 'YYYY-MM-DD': the contract's one definition, shared with the server. */
export { todayInJohannesburg };

const FORMATTERS: Record<DateFormat, (value: DateInput) => string> = {
  day: formatDay,
  date: formatDate,
  datetime: formatDateTime,
};

/** The machine-readable value for <time dateTime>: the calendar day as given, or the instant in ISO form. */
function machineValue(value: string | Date): string | undefined {
  if (typeof value === 'string' && DATE_ONLY.test(value)) return value;
  const instant = toInstant(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

export type DateTextProps = Omit<ComponentPropsWithoutRef<'time'>, 'children' | 'dateTime'> & {
  value: DateInput;
  format?: DateFormat;
};

export function DateText({ value, format = 'day', ...rest }: DateTextProps) {
  const text = FORMATTERS[format](value);
  if (value === null || value === undefined || value === '' || text === EMPTY_TEXT) {
    return <span {...rest}>{EMPTY_TEXT}</span>;
  }
  return (
    <time dateTime={machineValue(value)} {...rest}>
      {text}
    </time>
  );
}
