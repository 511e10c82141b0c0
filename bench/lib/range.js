// The period the reports are measured over.

/** `startDate`/`endDate` of the year up to today in Johannesburg, as the reports take them. */
export function yearRange(now = new Date()) {
  const today = new Date(now.getTime() + 2 * 3600_000).toISOString().slice(0, 10);
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  start.setUTCDate(start.getUTCDate() + 1);
  return `startDate=${start.toISOString().slice(0, 10)}&endDate=${today}`;
}
