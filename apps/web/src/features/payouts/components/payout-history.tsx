import { Stack, Text, Title } from '@mantine/core';

import type { PayoutRun } from '@bloomline/contract';

import { actionsColumn, DateText, DownloadButton, Money, PagedTable, type DataColumn } from '@/ui';

import { bankFilePath, usePayoutRuns } from '../api/payouts';

export const HISTORY_TITLE = 'Payouts made';

const columns: DataColumn<PayoutRun>[] = [
  {
    key: 'reference',
    header: 'Reference',
    render: (r) => (
      <Text size="sm" fw={500}>
        {r.reference}
      </Text>
    ),
  },
  { key: 'paidAt', header: 'Paid on', render: (r) => <DateText value={r.paidAt} format="date" /> },
  { key: 'upTo', header: 'Up to', render: (r) => <DateText value={r.upTo} format="date" /> },
  { key: 'partnerCount', header: 'Partners', align: 'right', render: (r) => r.partnerCount },
  { key: 'total', header: 'Total paid', align: 'right', render: (r) => <Money value={r.total} /> },
  {
    key: 'createdBy',
    header: 'Recorded by',
    visibleFrom: 'md',
    render: (r) => r.createdBy?.name ?? 'system',
  },
  actionsColumn(
    (r) => (
      <DownloadButton
        path={bankFilePath(r.id)}
        fallbackName={`payout-${String(r.id)}.csv`}
        size="compact-sm"
        aria-label={`Download the bank file of ${r.reference}`}
      >
        Bank file
      </DownloadButton>
    ),
    'Bank file',
  ),
];

/** The payouts made, newest first, each with its bank file. */
export function PayoutHistory({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const runs = usePayoutRuns({ page });
  return (
    <Stack gap="sm" component="section" aria-labelledby="payout-history-title">
      <Title order={2} size="h3" id="payout-history-title">
        {HISTORY_TITLE}
      </Title>
      <PagedTable
        columns={columns}
        rowKey={(r) => r.id}
        query={runs}
        onPage={onPage}
        empty="No payouts yet."
        caption={HISTORY_TITLE}
        minWidth={760}
      />
    </Stack>
  );
}
