export const TIME_ZONE = 'Africa/Johannesburg';

// Building an Intl formatter costs about half a millisecond; one is made once and reused.
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

let lastDay: { minute: number; day: string } | undefined;

/** The calendar date (YYYY-MM-DD) it is now in Johannesburg: what "today" means everywhere in the product. */
export function todayInJohannesburg(now: Date = new Date()): string {
  // Formatting costs more than the rest of an order list's conditions; a day only turns on a whole minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastDay?.minute !== minute) lastDay = { minute, day: dayFormat.format(now) };
  return lastDay.day;
}
