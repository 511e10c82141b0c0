import { Stack, Text } from '@mantine/core';

import type { OrderDetail } from '@bloomline/contract';

import { Money } from '@/ui';

import { DetailSection } from './detail-section';
import { KeyValues } from './key-values';
import { LineCard } from './line-card';

/** The ordered items, then the delivery fee and the order's value. */
export function ItemsSection({ order, isStaff }: { order: OrderDetail; isStaff: boolean }) {
  return (
    <DetailSection title="Items">
      <Stack gap="sm">
        {order.lines.length === 0 && <Text size="sm">No items.</Text>}
        {order.lines.map((line) => (
          <LineCard key={line.id} orderId={order.id} line={line} isStaff={isStaff} />
        ))}
        <KeyValues
          items={[
            { key: 'fee', label: 'Delivery fee', value: <Money value={order.deliveryFee} /> },
            {
              key: 'total',
              label: 'Value (Incl delivery)',
              value: <Money value={order.totalValue} />,
              emphasis: true,
            },
          ]}
        />
      </Stack>
    </DetailSection>
  );
}
