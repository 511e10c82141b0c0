import { Anchor, Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import type { ReturnDetail, ReturnLine } from '@bloomline/contract';

import { DataTable, DateText, EMPTY_TEXT, PageTitle, RecordState, type DataColumn } from '@/ui';
import { paths } from '@/lib/paths';

import { useReturn } from '../api/get-return';
import { ClaimStatusBadge } from '../components/claim-badges';
import { Facts } from '../components/facts';
import { PROCESS_RETURN, ProcessReturnDialog } from '../components/process-return-dialog';
import { ReturnCreditNotes } from '../components/return-credit-notes';
import { RETURNS_TITLE } from './return-list-page';

export const RETURN_MISSING = 'This return does not exist.';

const lineColumns: DataColumn<ReturnLine>[] = [
  { key: 'item', header: 'Line item', render: (l) => l.orderLine.title },
  { key: 'partner', header: 'Partner', render: (l) => l.orderLine.partner?.name ?? 'No partner' },
  { key: 'quantity', header: 'Quantity', align: 'right', render: (l) => l.quantity },
  { key: 'reason', header: 'Reason', render: (l) => l.reason },
  { key: 'note', header: 'Reason note', render: (l) => l.reasonNote ?? EMPTY_TEXT },
];

function ReturnView({ record }: { record: ReturnDetail }) {
  const linesHeading = useId();
  const processed = record.status === 'processed';
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Facts
          cols={{ base: 2, sm: 4 }}
          items={[
            { key: 'name', label: 'Name', value: record.name },
            {
              key: 'order',
              label: 'Order',
              value: (
                <Anchor component={Link} to={paths.order(record.order.id)} size="sm">
                  {record.order.name}
                </Anchor>
              ),
            },
            { key: 'status', label: 'Status', value: <ClaimStatusBadge status={record.status} /> },
            { key: 'count', label: 'Items count', value: record.lineCount },
            { key: 'responsible', label: 'Responsible', value: record.responsible },
            {
              key: 'created',
              label: 'Created at',
              value: <DateText value={record.createdAt} format="datetime" />,
            },
            ...(processed
              ? [
                  { key: 'by', label: 'Processed by', value: record.processedBy?.name },
                  {
                    key: 'at',
                    label: 'Processed at',
                    value: <DateText value={record.processedAt} format="datetime" />,
                  },
                ]
              : []),
          ]}
        />
        <Box mt="md" maw={420}>
          <ReturnCreditNotes
            record={record}
            heading={processed ? 'Deducted from the partners' : 'Deduction with Partner responsible'}
          />
        </Box>
      </Paper>
      <Paper
        component="section"
        aria-labelledby={linesHeading}
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
      >
        <Title order={2} size="h4" id={linesHeading} mb="sm">
          Returned lines
        </Title>
        <DataTable
          columns={lineColumns}
          rows={record.lines}
          rowKey={(l) => l.id}
          empty="No lines."
          caption="Returned lines"
          minWidth={560}
        />
      </Paper>
    </Stack>
  );
}

/** /orders/returns/{returnId}: the return, its lines with their reasons, and Process return while open. */
export function ReturnPage() {
  const { returnId = '' } = useParams();
  if (!/^\d+$/.test(returnId)) return <ReturnFrame title="Return" body={<Text>{RETURN_MISSING}</Text>} />;
  return <ReturnLoader key={returnId} id={Number(returnId)} />;
}

function ReturnLoader({ id }: { id: number }) {
  const query = useReturn(id);
  const [processing, setProcessing] = useState(false);
  const record = query.data;
  return (
    <ReturnFrame
      title={record?.name ?? 'Return'}
      actions={
        record?.status === 'open' && <Button onClick={() => setProcessing(true)}>{PROCESS_RETURN}</Button>
      }
      body={
        <>
          <RecordState query={query} record={record} missing={RETURN_MISSING}>
            {(found) => <ReturnView record={found} />}
          </RecordState>
          {/* Kept while processing, so a refusal (409) stays on screen as the page catches up. */}
          {record && (
            <ProcessReturnDialog record={record} opened={processing} onClose={() => setProcessing(false)} />
          )}
        </>
      }
    />
  );
}

function ReturnFrame({ title, actions, body }: { title: string; actions?: ReactNode; body: ReactNode }) {
  return (
    <Stack gap={0}>
      <PageTitle
        title={title}
        breadcrumbs={[{ label: RETURNS_TITLE, to: paths.returns }, { label: title }]}
        actions={
          <>
            {actions}
            {/* Back to the list, as the refund page has (issue 36). */}
            <Button
              component={Link}
              to={paths.returns}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              Back
            </Button>
          </>
        }
      />
      {body}
    </Stack>
  );
}
