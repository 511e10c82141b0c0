import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';

import type { AuditRecordType } from '@bloomline/contract';

import { paths } from '@/lib/paths';

export type RecordHistoryLinkProps = {
  /** The record's type as the audit log names it ('partner', 'order' …) and its id. */
  type: AuditRecordType;
  id: number;
  /** The record's name, for a link among many (a list's row): "History of Karoo Blooms". */
  name?: string;
  /** A list row's small button. */
  compact?: boolean;
};

/**
 * A record's own audit entries: the audit list filtered to it, one click from the record instead of a type
 * and an id typed into the audit screen (issue 36). Staff only: callers show it to staff.
 */
export function RecordHistoryLink({ type, id, name, compact = false }: RecordHistoryLinkProps) {
  return (
    <Button
      component={Link}
      to={paths.recordAudit(type, id)}
      variant="default"
      size={compact ? 'compact-sm' : 'sm'}
      leftSection={<IconHistory size={compact ? 14 : 16} aria-hidden />}
      aria-label={name ? `History of ${name}` : undefined}
    >
      History
    </Button>
  );
}
