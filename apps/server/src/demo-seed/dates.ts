// Africa/Johannesburg is UTC+2 all year (no daylight saving), so plain arithmetic is exact.
import { TIME_ZONE_OFFSET_MS as SAST_OFFSET_MS } from '@bloomline/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment the seed pretends it is, and that moment's calendar date in Johannesburg. */
export interface Clock {
  now: Date;
  /** YYYY-MM-DD in Africa/Johannesburg. */
  today: string;
}

export function makeClock(now: Date): Clock {
  return { now, today: sastDate(now) };
}

/** The Johannesburg calendar date of a moment. */
export function sastDate(moment: Date): string {
  return new Date(moment.getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the month `months` before (negative) or after the month of `date`. */
export function addMonths(date: string, months: number): string {
  const d = new Date(`${monthStart(date)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** The moment `minutes` after midnight of a Johannesburg calendar date. */
export function atMinutes(date: string, minutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - SAST_OFFSET_MS + Math.round(minutes * 60_000));
}

export function addMinutes(moment: Date, minutes: number): Date {
  return new Date(moment.getTime() + Math.round(minutes * 60_000));
}

export function minDate(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

export function maxDate(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}
