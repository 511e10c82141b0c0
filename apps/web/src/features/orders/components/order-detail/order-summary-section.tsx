import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

import { CLOSED_MONTH_TEXTS, deliveryDateLocked, type OrderDetail } from '@bloomline/contract';

import { DateText, StatusBadge } from '@/ui';

import { DeliveryDateDialog } from './delivery-date-dialog';
import { DetailSection } from './detail-section';
import { KeyValues } from './key-values';

/**
 * Order number, dates and status; staff set the delivery date from here, until a line is delivered or the
 * order is cancelled (issue 46: its bills and deductions are dated by then; the server answers 409).
 */
export function OrderSummarySection({ order, isStaff }: { order: OrderDetail; isStaff: boolean }) {
  const [editing, dialog] = useDisclosure(false);
  const locked = deliveryDateLocked(order, order.lines);
  return (
    <DetailSection title="Order">
      <KeyValues
        items={[
          { key: 'name', label: 'Order number', value: order.name },
          {
            key: 'created',
            label: 'Ordered',
            value: <DateText value={order.created_at} format="datetime" />,
          },
          { key: 'delivery', label: 'Delivery date', value: <DateText value={order.deliveryDate} /> },
          { key: 'status', label: 'Status', value: <StatusBadge status={order.status} /> },
        ]}
      />
      {isStaff && locked && (
        <Text size="xs" c="dimmed" mt="sm">
          {CLOSED_MONTH_TEXTS.deliveryDateLocked}.
        </Text>
      )}
      {isStaff && !locked && (
        <>
          <Button variant="default" size="xs" mt="sm" onClick={dialog.open}>
            {order.deliveryDate ? 'Update delivery date' : 'Create delivery date'}
          </Button>
          <DeliveryDateDialog
            opened={editing}
            onClose={dialog.close}
            orderId={order.id}
            current={order.deliveryDate}
          />
        </>
      )}
    </DetailSection>
  );
}
