import { List, Stack, Text } from '@mantine/core';

import { cancelOutcome, ORDER_ACTIONS, type OrderDetail } from '@bloomline/contract';

import { ConfirmAction } from '@/ui';

import { useOrderAction } from '../../api/post-order-action';
import { runWorkflow } from './run-workflow';

/** What will happen to one item, in the words of the confirmation. */
function outcomeText(line: OrderDetail['lines'][number]): string {
  const who = line.partner?.name ?? 'its partner';
  switch (cancelOutcome(line.status)) {
    case 'cancelled':
      return 'cancelled at once.';
    case 'asks-partner':
      return `${who} has ${line.status === 'fulfilled' ? 'made' : 'accepted'} it: they are asked to confirm the cancellation.`;
    default:
      return `stays ${line.status}: it can no longer be cancelled.`;
  }
}

/**
 * Staff cancel an order from its page (issue 34): the confirmation says, item by item, what will happen. Lines
 * nobody is working on are cancelled at once; a partner who has taken one on is asked first (cancel requested).
 */
export function StaffCancelOrder({ order }: { order: OrderDetail }) {
  const action = useOrderAction(order.id);
  const rule = ORDER_ACTIONS.cancel;
  const applies =
    (rule.from as readonly string[]).includes(order.status) &&
    order.lines.some((l) => cancelOutcome(l.status) !== 'unchanged');
  if (!applies) return null;
  return (
    <ConfirmAction
      variant="default"
      color="red.9"
      label={rule.label}
      title={`Cancel order ${order.name}?`}
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      message={
        <Stack gap="xs">
          <Text>What happens to each item:</Text>
          <List size="sm" spacing={4}>
            {order.lines.map((line) => (
              <List.Item key={line.id}>
                <strong>{line.title}</strong>
                {line.quantity > 1 ? ` × ${String(line.quantity)}` : ''}: {outcomeText(line)}
              </List.Item>
            ))}
          </List>
        </Stack>
      }
      onConfirm={() => runWorkflow(() => action.mutateAsync({ action: 'cancel' }))}
    />
  );
}
