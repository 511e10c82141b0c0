/** The p-th percentile (nearest rank) of ascending `sorted` milliseconds, rounded to 0.01 ms; '—' when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return '—';
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank] * 100) / 100;
}
