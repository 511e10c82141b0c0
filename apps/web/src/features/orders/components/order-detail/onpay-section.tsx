import { Skeleton, Stack, Text } from '@mantine/core';

import { ON_PAY_INCL } from '@bloomline/contract';

import { Money } from '@/ui';

import { useOrderOnpay } from '../../api/get-order-onpay';
import { QueryError } from '../query-error';
import { DetailSection } from './detail-section';
import { KeyValues } from './key-values';

/** What the partner is paid for the order, step by step, as the server calculates it. */
export function OnpaySection({ orderId }: { orderId: number }) {
  const onpay = useOrderOnpay(orderId);
  let body;
  if (onpay.isPending) {
    body = (
      <Stack gap={8} aria-hidden>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={14} />
        ))}
      </Stack>
    );
  } else if (onpay.isError) {
    body = <QueryError error={onpay.error} onRetry={() => void onpay.refetch()} />;
  } else {
    const rows = Object.entries(onpay.data);
    body =
      rows.length === 0 ? (
        <Text size="sm">Nothing to calculate.</Text>
      ) : (
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
  return <DetailSection title="On payment">{body}</DetailSection>;
}
