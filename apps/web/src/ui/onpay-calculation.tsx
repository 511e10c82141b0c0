import { Skeleton, Stack, Text } from '@mantine/core';

import { ON_PAY_INCL } from '@bloomline/contract';

import { useOrderOnpay } from '@/api/order-onpay';

import { KeyValues } from './key-values';
import { Money } from './money';
import { QueryError } from './query-error';

/**
 * What the partners are paid for an order, step by step, as the server calculates it: the order's page and
 * the accounting report's 'View onpay calculation' dialog.
 */
export function OnpayCalculation({ orderId }: { orderId: number }) {
  const onpay = useOrderOnpay(orderId);
  if (onpay.isPending)
    return (
      <Stack gap={8} aria-hidden>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={14} />
        ))}
      </Stack>
    );
  if (onpay.isError) return <QueryError query={onpay} />;
  const rows = Object.entries(onpay.data);
  if (rows.length === 0) return <Text size="sm">Nothing to calculate.</Text>;
  return (
    <KeyValues
      items={rows.map(([label, amount]) => ({
        key: label,
        label,
        value: <Money value={amount} />,
        emphasis: label === ON_PAY_INCL,
      }))}
    />
  );
}
