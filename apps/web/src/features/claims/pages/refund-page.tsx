import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import type { Refund } from '@bloomline/contract';

import { DateText, Money, PageTitle, RecordState } from '@/ui';
import { paths } from '@/lib/paths';

import { useRefund } from '../api/get-refund';
import { ClaimStatusBadge, refundStatus } from '../components/claim-badges';
import { Facts } from '../components/facts';
import { PROCESS_REFUND, ProcessRefundDialog } from '../components/process-refund-dialog';
import { recipientOf } from '../components/refund-card';
import { RefundLines } from '../components/refund-lines';
import { RefundPartners } from '../components/refund-partners';
import { REFUNDS_TITLE } from './refund-list-page';

export const REFUND_MISSING = 'This refund does not exist.';

/** A titled panel of the refund page. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function RefundView({ refund }: { refund: Refund }) {
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Facts
          cols={{ base: 2, sm: 3, md: 4 }}
          items={[
            {
              key: 'order',
              label: 'Order',
              value: (
                <Anchor component={Link} to={paths.order(refund.order.id)} size="sm">
                  {refund.order.name}
                </Anchor>
              ),
            },
            { key: 'recipient', label: 'Recipient', value: recipientOf(refund.order) },
            { key: 'amount', label: 'Amount', value: <Money value={refund.amount} /> },
            { key: 'status', label: 'Status', value: <ClaimStatusBadge status={refundStatus(refund)} /> },
            { key: 'responsible', label: 'Responsible', value: refund.responsible ?? 'Not processed' },
            {
              key: 'created',
              label: 'Created at',
              value: <DateText value={refund.createdAt} format="datetime" />,
            },
            {
              key: 'deduction',
              label: 'Deduction',
              value: refund.onPay === null ? null : <Money value={refund.onPay} />,
            },
            { key: 'max', label: 'On pay of the lines', value: <Money value={refund.onPayAmount} /> },
            // Before processing: what earlier credit notes and refund deductions left to deduct (issue 46).
            ...(refund.responsible === null
              ? [{ key: 'left', label: 'Left to deduct', value: <Money value={refund.onPayLeft} /> }]
              : []),
            ...(refund.reason ? [{ key: 'reason', label: 'Reason', value: refund.reason }] : []),
            ...(refund.processedAt
              ? [
                  {
                    key: 'processed',
                    label: 'Processed at',
                    value: <DateText value={refund.processedAt} format="datetime" />,
                  },
                ]
              : []),
          ]}
        />
      </Paper>
      <Section title="Line items">
        <RefundLines lines={refund.lines} label="Refunded line items" />
      </Section>
      <Section title="Partners">
        {/* The page lists the lines above: each partner's share says who bears it and what is deducted. */}
        <RefundPartners partners={refund.partners} headingLevel={3} withLines={false} />
      </Section>
    </Stack>
  );
}

/** /orders/refunds/{refundId}: the refund, its lines with pictures, Process refund while no one is responsible. */
export function RefundPage() {
  const { refundId = '' } = useParams();
  if (!/^\d+$/.test(refundId)) return <RefundFrame title="Refund" body={<Text>{REFUND_MISSING}</Text>} />;
  return <RefundLoader key={refundId} id={Number(refundId)} />;
}

function RefundLoader({ id }: { id: number }) {
  const query = useRefund(id);
  const [processing, setProcessing] = useState(false);
  const refund = query.data;
  return (
    <RefundFrame
      title={refund?.name ?? 'Refund'}
      actions={
        refund &&
        refund.responsible === null && <Button onClick={() => setProcessing(true)}>{PROCESS_REFUND}</Button>
      }
      body={
        <>
          <RecordState query={query} record={refund} missing={REFUND_MISSING}>
            {(found) => <RefundView refund={found} />}
          </RecordState>
          {/* Kept while processing, so a refusal (409) stays on screen as the page catches up. */}
          {refund && (
            <ProcessRefundDialog refund={refund} opened={processing} onClose={() => setProcessing(false)} />
          )}
        </>
      }
    />
  );
}

function RefundFrame({ title, actions, body }: { title: string; actions?: ReactNode; body: ReactNode }) {
  return (
    <Stack gap={0}>
      <PageTitle
        title={title}
        breadcrumbs={[{ label: REFUNDS_TITLE, to: paths.refunds }, { label: title }]}
        actions={
          <>
            {actions}
            <Button
              component={Link}
              to={paths.refunds}
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
