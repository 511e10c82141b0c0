/** What a formatter shows for a missing value. */
export const EMPTY_TEXT = '—';
