import { useSearchParams } from 'react-router';

import { parsePathId } from '@bloomline/contract';

import { useUser } from '@/session/session-context';

export type StatementViewer =
  /** A partner user with the partnerStatements permission: their own partner's statements. */
  | { kind: 'own'; partnerId: null; search: '' }
  /** Staff, reading the partner named by `?partner=<id>` (from the partner's page). */
  | { kind: 'staff'; partnerId: number; search: string }
  /** Staff without a partner in the address: nobody's statements to show. */
  | { kind: 'no-partner'; partnerId: null; search: '' }
  /** A partner user without the permission: nothing is shown (part 2, "Statements"). */
  | { kind: 'not-allowed'; partnerId: null; search: '' };

/**
 * Whose statements the screens show, and what every link between them carries (`?partner=<id>` for staff).
 * A partner user only ever reads their own (the server ignores any partner they name); staff read any.
 */
export function useStatementViewer(): StatementViewer {
  const user = useUser();
  const [params] = useSearchParams();
  if (!user.isStaff) {
    return user.permissions.partnerStatements
      ? { kind: 'own', partnerId: null, search: '' }
      : { kind: 'not-allowed', partnerId: null, search: '' };
  }
  const id = parsePathId(params.get('partner') ?? '');
  return id > 0
    ? { kind: 'staff', partnerId: id, search: `?partner=${String(id)}` }
    : { kind: 'no-partner', partnerId: null, search: '' };
}

/** Whether a viewer has a statement to read. */
export const canRead = (viewer: StatementViewer) => viewer.kind === 'own' || viewer.kind === 'staff';
