import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';

import type { Refund } from '@bloomline/contract';

import { DateText, Money } from '@/ui';
import { paths } from '@/lib/paths';

import { ClaimStatusBadge, refundStatus } from './claim-badges';
import { Facts } from './facts';
import { RefundPartners } from './refund-partners';

/** The customer the order went to: first and last name. */
export const recipientOf = (order: Refund['order']) =>
  [order.firstName, order.lastName].filter((part) => part && part.trim() !== '').join(' ');

/** One refund in the list: what was refunded to whom, each partner's share and the delivery fee. */
export function RefundCard({ refund }: { refund: Refund }) {
  const headingId = useId();
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {refund.name}
            </Title>
            <ClaimStatusBadge status={refundStatus(refund)} />
          </Group>
          <Button
            component={Link}
            to={paths.refund(refund.id)}
            size="compact-sm"
            variant="default"
            aria-label={`View ${refund.name}`}
          >
            View
          </Button>
        </Group>
        <Facts
          cols={{ base: 2, sm: 3, lg: 6 }}
          items={[
            { key: 'recipient', label: 'Recipient', value: recipientOf(refund.order) },
            { key: 'date', label: 'Date', value: <DateText value={refund.createdAt} /> },
            { key: 'amount', label: 'Amount', value: <Money value={refund.amount} /> },
            {
              key: 'value',
              label: 'Order total excl. delivery',
              value: <Money value={refund.order.value} />,
            },
            { key: 'delivery', label: 'Delivery fee', value: <Money value={refund.order.deliveryFee} /> },
            { key: 'responsible', label: 'Responsible', value: refund.responsible ?? 'Not processed' },
          ]}
        />
        <RefundPartners partners={refund.partners} headingLevel={3} />
      </Stack>
    </Paper>
  );
}
