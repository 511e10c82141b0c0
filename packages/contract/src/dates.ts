export const TIME_ZONE = 'Africa/Johannesburg';

/** The calendar date (YYYY-MM-DD) it is now in Johannesburg: what "today" means everywhere in the product. */
export function todayInJohannesburg(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
