import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';

import {
  DELIVER_HELP,
  FULFIL_HELP,
  ORDER_ACTIONS,
  ORDER_DELIVERED_TEXT,
  ORDER_ON_HOLD_TEXT,
  orderActionsFor,
  type LineStatus,
  type OrderAction,
} from '@bloomline/contract';

import { ConfirmAction } from '@/ui';
import { paths } from '@/lib/paths';

import { useOrderAction } from '../../api/post-order-action';
import { actionVariant } from './action-style';
import { RejectDialog } from './reject-dialog';
import { runWorkflow } from './run-workflow';

export type PartnerOrderActionsProps = {
  orderId: number;
  /** The status of the partner's lines of the order, as the API gives it to them. */
  status: LineStatus;
};

/** The partner's buttons for the whole order, from the workflow table; hold and delivered only say so. */
export function PartnerOrderActions({ orderId, status }: PartnerOrderActionsProps) {
  const navigate = useNavigate();
  const orderAction = useOrderAction(orderId);
  const [rejecting, reject] = useDisclosure(false);

  if (status === 'hold') return <Text>{ORDER_ON_HOLD_TEXT}</Text>;
  if (status === 'delivered') return <Text>{ORDER_DELIVERED_TEXT}</Text>;
  const actions = orderActionsFor(status, 'partner');
  if (actions.length === 0) return null;

  const run = async (action: OrderAction, reason?: string) => {
    const done = await runWorkflow(() => orderAction.mutateAsync({ action, reason }));
    // Un-accepting takes the order off the partner's list: nothing is left to show here.
    if (done && action === 'un-accept') void navigate(paths.dashboard);
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {actions.map((action) => {
          const rule = ORDER_ACTIONS[action];
          if (action === 'reject') {
            return (
              <Button key={action} variant="default" onClick={reject.open}>
                {rule.label}
              </Button>
            );
          }
          return (
            <ConfirmAction
              key={action}
              variant={actionVariant(action)}
              label={rule.label}
              title={`${rule.label}?`}
              message={rule.confirm}
              onConfirm={() => run(action)}
            />
          );
        })}
      </Group>
      {actions.includes('fulfill') && <Text size="sm">{FULFIL_HELP}</Text>}
      {actions.includes('deliver') && <Text size="sm">{DELIVER_HELP}</Text>}
      <RejectDialog
        opened={rejecting}
        onClose={reject.close}
        title="Reject order"
        description={ORDER_ACTIONS.reject.confirm}
        onSubmit={(reason) => run('reject', reason)}
      />
    </Stack>
  );
}
