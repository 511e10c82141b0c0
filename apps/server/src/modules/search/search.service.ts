import type { SearchResult } from '@bloomline/contract';
import { MAX_SEARCH_RESULTS, screenMatches, SEARCH_SCREENS } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { viewerOf } from '../../lib/viewer';
import type { SessionUser } from '../../plugins/session';
import { permissionsOfUser } from '../../shared/permissions';
import { findRecords } from './search.queries';
import type { FoundRow } from './search.queries';

/** The screen a record opens. */
function urlOf(row: FoundRow): string {
  switch (row.type) {
    case 'order':
      return `/order/${String(row.id)}`;
    case 'partner':
      return `/partners/${String(row.id)}`;
    case 'product':
      return `/products/${String(row.id)}/variants`;
    // Customers and companies are edited from their lists: the list searched for the name.
    case 'customer':
      return `/customers?q=${encodeURIComponent(row.title)}`;
    case 'company':
      return `/companies?q=${encodeURIComponent(row.title)}`;
  }
}

/**
 * Search from anywhere (issue 40): the records the user may see that answer `q` (a partner user: only their own
 * orders), then the screens of their menu whose words do, at most twenty in all.
 */
export function createSearchService({ db }: { db: Db }) {
  /** The user's screens that answer `q` (permissions read only when a screen that needs one matches). */
  async function screens(user: SessionUser, q: string): Promise<SearchResult[]> {
    const role = user.isStaff ? 'staff' : 'partner';
    const matching = SEARCH_SCREENS.filter((s) => s.for === role && screenMatches(s, q));
    const permissions = matching.some((s) => s.permissions) ? await permissionsOfUser(db, user.id) : null;
    return matching
      .filter((s) => !s.permissions || s.permissions.some((p) => permissions?.[p]))
      .map((s) => ({ type: 'screen', id: s.url, title: s.title, subtitle: s.group, url: s.url }));
  }

  return {
    async search(user: SessionUser, q: string): Promise<SearchResult[]> {
      const [records, pages] = await Promise.all([findRecords(db, viewerOf(user), q), screens(user, q)]);
      const found: SearchResult[] = records.map((r) => ({ ...r, url: urlOf(r) }));
      return [...found, ...pages].slice(0, MAX_SEARCH_RESULTS);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
