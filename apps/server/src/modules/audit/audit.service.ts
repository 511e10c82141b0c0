import { AUDIT_COUNTED_UP_TO, AUDIT_SYSTEM_USER } from '@bloomline/contract';
import type { AuditEntry, AuditListQuery, Paged } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { estimatedRows, pageMetaOf, pageOf } from '../../lib/paged-list';
import { ReadCache } from '../../lib/read-cache';
import { allMatching, auditCountUpToCap, auditPage, auditPageCounted } from './audit.queries';

type Values = Record<string, unknown>;
type Row = Awaited<ReturnType<typeof auditPage>>[number];

/** Stored values are objects (lib/audit.ts writes them so); anything else is shown under one key. */
const valuesOf = (v: unknown): Values | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'object' && !Array.isArray(v)
      ? (v as Values)
      : { value: v };

const toEntry = ({ userName, createdAt, oldValues, newValues, ...entry }: Row): AuditEntry => ({
  ...entry,
  createdAt: createdAt.toISOString(),
  user: userName ?? AUDIT_SYSTEM_USER,
  oldValues: valuesOf(oldValues),
  newValues: valuesOf(newValues),
});

/**
 * The audit log, read by staff. It grows with every change of every area, so a list's size is first asked of
 * the planner (one EXPLAIN, kept for `totalsMs` per filter): a list it expects to be short is counted exactly,
 * in the page's own statement and never past AUDIT_COUNTED_UP_TO; a longer one shows the estimate, and its page
 * is read without counting at all.
 */
export function createAuditService({ db, totalsMs }: { db: Db; totalsMs: number }) {
  const estimates = new ReadCache<number>(totalsMs);
  const expectedMatches = (q: AuditListQuery) =>
    estimates.getOrLoad(JSON.stringify([q.user ?? null, q.pT ?? null, q.pI ?? null]), () =>
      estimatedRows(db, allMatching(db, q)),
    );

  return {
    /** A page of the log; `path` is the list's own address, for the page links. */
    list: async (q: AuditListQuery, path: string): Promise<Paged<AuditEntry>> => {
      const expected = await expectedMatches(q);
      if (expected < AUDIT_COUNTED_UP_TO) {
        const counted = await pageOf(q, path, {
          rows: (p) => auditPageCounted(db, q, p),
          count: () => auditCountUpToCap(db, q),
        });
        return { data: counted.data.map(toEntry), meta: counted.meta };
      }
      const offset = (q.page - 1) * q.per_page;
      const rows = await auditPage(db, q, { limit: q.per_page, offset });
      // A page that is not full ends the list, so it tells the exact total after all.
      const last = rows.length < q.per_page && (rows.length > 0 || offset === 0);
      const total = last ? offset + rows.length : Math.max(expected, offset + rows.length);
      return { data: rows.map(toEntry), meta: pageMetaOf(q, path, total) };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
