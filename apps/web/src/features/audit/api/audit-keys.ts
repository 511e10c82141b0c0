import type { AuditListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** What an audit list is asked for: the contract's request, every part optional. */
export type AuditListParams = Partial<AuditListQuery>;

export const auditKeys = resourceKeys<AuditListParams>('audit');
