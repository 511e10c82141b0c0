export const TIME_ZONE = 'Africa/Johannesburg';

// Building an Intl formatter costs about half a millisecond; one is made once and reused.
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date (YYYY-MM-DD) it is now in Johannesburg: what "today" means everywhere in the product. */
export function todayInJohannesburg(now: Date = new Date()): string {
  return dayFormat.format(now);
}
