export const TIME_ZONE = 'Africa/Johannesburg';

/**
 * Johannesburg's clock is UTC+2 all year (no daylight saving), so a fixed offset is exact: the seed's date
 * arithmetic uses it in milliseconds, the web reads a time written without a zone with it ('+02:00').
 */
export const TIME_ZONE_OFFSET_MINUTES = 120;
export const TIME_ZONE_OFFSET_MS = TIME_ZONE_OFFSET_MINUTES * 60_000;
const pad2 = (n: number) => String(n).padStart(2, '0');
export const TIME_ZONE_OFFSET = `+${pad2(Math.floor(TIME_ZONE_OFFSET_MINUTES / 60))}:${pad2(TIME_ZONE_OFFSET_MINUTES % 60)}`;

// Building an Intl formatter costs about half a millisecond (the first one with a time zone many more, on a
// phone: the browser loads its time-zone data); one is made when first needed and reused.
let dayFormat: Intl.DateTimeFormat | undefined;
const dayFormatter = () =>
  (dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

let lastDay: { minute: number; day: string } | undefined;

/** The calendar date (YYYY-MM-DD) it is now in Johannesburg: what "today" means everywhere in the product. */
export function todayInJohannesburg(now: Date = new Date()): string {
  // Formatting costs more than the rest of an order list's conditions; a day only turns on a whole minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastDay?.minute !== minute) lastDay = { minute, day: dayFormatter().format(now) };
  return lastDay.day;
}
