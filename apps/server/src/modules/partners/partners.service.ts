import type { Db } from '../../db/client';
import { partnerPicker } from './partners.queries';

/** Partners. So far the pickers' list; the partner records, profile and out-of-office follow (issue 11). */
export function createPartnersService({ db }: { db: Db }) {
  return {
    picker: (q: string | undefined) => partnerPicker(db, q),
  };
}
export type PartnersService = ReturnType<typeof createPartnersService>;
