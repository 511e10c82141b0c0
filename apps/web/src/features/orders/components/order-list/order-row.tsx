import { Box, Button, Checkbox, Collapse, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

import type { OrderSummary } from '@bloomline/contract';

import { DateText, Money, RecordCard, StatusBadge } from '@/ui';
import { paths } from '@/lib/paths';

import { recipientName } from '../recipient-name';
import { OrderLinesBreakdown } from './order-lines-breakdown';
import classes from './order-rows.module.css';

export const VALUE_LABEL = 'Value (Incl delivery)';

/** Below Mantine's `md` breakpoint an order's six columns do not fit one row: it is a card. */
const CARD_QUERY = '(max-width: 61.99em)';

function Field({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <span className={classes.label}>{label}</span>
      {children}
    </div>
  );
}

/** Staff see the order's status; a partner sees the status of their first line (their part of the order). */
function OrderStatus({ order, isStaff }: { order: OrderSummary; isStaff: boolean }) {
  const first = order.lines[0];
  if (isStaff || !first) return <StatusBadge status={order.status} />;
  return <StatusBadge status={first.status} partner={first.partner} />;
}

/** A list whose orders can be ticked (bulk actions, issue 40): the box of each row. */
export type RowSelect = {
  has: (id: number) => boolean;
  toggle: (order: { id: number; name: string }) => void;
  /** A phone's large target. */
  large: boolean;
};

export function OrderRow({
  order,
  isStaff,
  select,
}: {
  order: OrderSummary;
  isStaff: boolean;
  select?: RowSelect;
}) {
  const [expanded, { toggle }] = useDisclosure(false);
  const linesId = useId();
  const card = useMediaQuery(CARD_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const recipient = recipientName(order);
  const selector = select && (
    <Checkbox
      size={select.large ? 'lg' : 'md'}
      checked={select.has(order.id)}
      onChange={() => select.toggle(order)}
      aria-label={`Select order ${order.name}`}
      styles={select.large ? { body: { padding: 6 } } : undefined}
    />
  );

  const actions = (
    <>
      {isStaff && (
        <Button
          variant="default"
          size="xs"
          onClick={toggle}
          aria-expanded={expanded}
          aria-controls={linesId}
          rightSection={
            expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
          }
        >
          Lines<VisuallyHidden> of {order.name}</VisuallyHidden>
        </Button>
      )}
      <Button component={Link} to={paths.order(order.id)} size="xs">
        View<VisuallyHidden> order {order.name}</VisuallyHidden>
      </Button>
    </>
  );
  const lines = isStaff && (
    <Collapse in={expanded}>
      <Box id={linesId} mt="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        {expanded && <OrderLinesBreakdown lines={order.lines} />}
      </Box>
    </Collapse>
  );

  // Narrow, the order is a card as every other list's record is on a phone: the kit's RecordCard.
  if (card) {
    return (
      <RecordCard
        fields={[
          ...(selector ? [{ key: 'select', label: 'Select', value: selector }] : []),
          {
            key: 'order',
            label: 'Order',
            value: (
              <Text fw={700} size="sm" component="span">
                {order.name}
              </Text>
            ),
          },
          { key: 'recipient', label: 'Recipient', value: recipient || '—' },
          { key: 'created', label: 'Created', value: <DateText value={order.created_at} /> },
          { key: 'delivery', label: 'Delivery', value: <DateText value={order.deliveryDate} /> },
          { key: 'value', label: VALUE_LABEL, value: <Money value={order.totalValue} /> },
          { key: 'status', label: 'Status', value: <OrderStatus order={order} isStaff={isStaff} /> },
        ]}
        actions={actions}
      >
        {lines}
      </RecordCard>
    );
  }

  return (
    <Paper component="li" withBorder p="md" radius="md">
      <div className={classes.grid}>
        <Group className={classes.order} gap="sm" wrap="nowrap" align="flex-start">
          {selector}
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {order.name}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <VisuallyHidden>Recipient: </VisuallyHidden>
              {recipient || '—'}
            </Text>
          </div>
        </Group>
        <Field label="Created" className={classes.created}>
          <DateText value={order.created_at} />
        </Field>
        <Field label="Delivery" className={classes.delivery}>
          <DateText value={order.deliveryDate} />
        </Field>
        <Field label={VALUE_LABEL} className={classes.value}>
          <Money value={order.totalValue} />
        </Field>
        <div className={classes.status}>
          <VisuallyHidden>Status: </VisuallyHidden>
          <OrderStatus order={order} isStaff={isStaff} />
        </div>
        <div className={classes.actions}>{actions}</div>
      </div>
      {lines}
    </Paper>
  );
}
