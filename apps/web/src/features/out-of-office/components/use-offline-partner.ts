import { useSearchParams } from 'react-router';

import { parsePathId } from '@bloomline/contract';

import { useUser } from '@/session/session-context';

export type OfflinePartner = {
  /** Whose periods the screens show; null when there is none to show (staff without `?partner`). */
  partnerId: number | null;
  /** What every link between the screens carries: `?partner=<id>` for staff, nothing for a partner user. */
  search: string;
  isStaff: boolean;
};

/**
 * Whose out-of-office periods: a partner user's own partner, always (the server refuses any other with a
 * 404); for staff the partner named by `?partner=<id>`, as a partner's page links to them.
 */
export function useOfflinePartner(): OfflinePartner {
  const user = useUser();
  const [params] = useSearchParams();
  if (!user.isStaff) return { partnerId: user.partner?.id ?? null, search: '', isStaff: false };
  const id = parsePathId(params.get('partner') ?? '');
  return id > 0
    ? { partnerId: id, search: `?partner=${id}`, isStaff: true }
    : { partnerId: null, search: '', isStaff: true };
}
