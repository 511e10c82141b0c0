import type { ProfitCentre } from '@bloomline/contract';

/** Case-insensitive contains on the name: the list is short, so the browser searches it. */
export function filterProfitCentres(centres: readonly ProfitCentre[], q: string): ProfitCentre[] {
  const needle = q.trim().toLocaleLowerCase();
  return needle ? centres.filter((c) => c.name.toLocaleLowerCase().includes(needle)) : [...centres];
}
