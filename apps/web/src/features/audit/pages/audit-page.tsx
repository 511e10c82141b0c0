import { Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { AUDIT_COUNTED_UP_TO, auditListQuery, formatCount, type AuditEntry } from '@bloomline/contract';

import {
  actionsColumn,
  DataTable,
  DateText,
  NOTHING_FOUND,
  PageTitle,
  Pager,
  useListParams,
  type DataColumn,
} from '@/ui';

import { useAudit } from '../api/get-audit';
import { AuditEntryDrawer } from '../components/audit-entry-drawer';
import { AuditFilters } from '../components/audit-filters';
import { recordLabel } from '../components/record-label';

export const AUDIT_TITLE = 'Audit';

/** "About 1,204,330 entries" past what the server counts exactly, else the count. */
function totalText(total: number): string {
  const n = formatCount(total);
  if (total >= AUDIT_COUNTED_UP_TO) return `About ${n} entries`;
  return `${n} ${total === 1 ? 'entry' : 'entries'}`;
}

/** /audit: every change, newest first, filtered by user, record type and record id; an entry opens aside. */
export function AuditPage() {
  const { params, update } = useListParams(auditListQuery);
  const audit = useAudit(params);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const entries = audit.data?.data;
  const userName = entries?.find((e) => e.userId === params.user)?.user;

  const columns: DataColumn<AuditEntry>[] = [
    { key: 'when', header: 'When', render: (e) => <DateText value={e.createdAt} format="datetime" /> },
    { key: 'user', header: 'User', render: (e) => e.user, visibleFrom: 'sm' },
    { key: 'event', header: 'Event', render: (e) => e.event, visibleFrom: 'md' },
    { key: 'record', header: 'Record', render: recordLabel, visibleFrom: 'sm' },
    {
      key: 'message',
      header: 'Message',
      render: (e) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {e.message}
        </Text>
      ),
    },
    actionsColumn(
      (e) => (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={`View entry ${e.id}`}
          onClick={() => setOpen(e)}
        >
          View
        </Button>
      ),
      'Details',
    ),
  ];

  return (
    <Stack gap="md">
      <PageTitle title={AUDIT_TITLE} />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <AuditFilters params={params} userName={userName} update={update} />
          {audit.data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {totalText(audit.data.meta.total)}
            </Text>
          )}
          <DataTable
            columns={columns}
            rows={entries}
            rowKey={(e) => e.id}
            query={audit}
            empty={NOTHING_FOUND}
            caption="Audit entries"
            minWidth={0}
          />
          <Pager meta={audit.data?.meta} onPage={(page) => update({ page })} />
        </Stack>
      </Paper>
      <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
