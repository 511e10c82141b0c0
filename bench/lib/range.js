// The period the reports are measured over.

/** `startDate`/`endDate` of the year up to today in Johannesburg, as the reports take them. */
export function yearRange(now = new Date()) {
  const today = new Date(now.getTime() + 2 * 3600_000).toISOString().slice(0, 10);
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  start.setUTCDate(start.getUTCDate() + 1);
  return `startDate=${start.toISOString().slice(0, 10)}&endDate=${today}`;
}

/** The month before this one in Johannesburg (YYYY-MM): the latest whole statement month. */
export function lastMonth(now = new Date()) {
  const today = new Date(now.getTime() + 2 * 3600_000);
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return first.toISOString().slice(0, 7);
}

/** Today in Johannesburg (YYYY-MM-DD): the payouts list's "up to". */
export function todayInJohannesburg(now = new Date()) {
  return new Date(now.getTime() + 2 * 3600_000).toISOString().slice(0, 10);
}
