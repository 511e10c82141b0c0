import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

import { LINE_ACTIONS, LINE_STATUS_TEXT, lineActionsFor, type OrderLine } from '@bloomline/contract';

import { ConfirmAction } from '@/ui';

import { useLineAction, type SimpleLineAction } from '../../api/post-line-action';
import { useReassignOrderLine } from '../../api/reassign-order-line';
import { actionVariant } from './action-style';
import { ReassignDialog } from './reassign-dialog';
import { RejectDialog } from './reject-dialog';
import { runWorkflow } from './run-workflow';

export type StaffLineActionsProps = { orderId: number; line: OrderLine };

/** Staff act for the partner on one line; the buttons come from the workflow table and nowhere else. */
export function StaffLineActions({ orderId, line }: StaffLineActionsProps) {
  const lineAction = useLineAction(orderId);
  const reassign = useReassignOrderLine(orderId);
  const [rejecting, reject] = useDisclosure(false);
  const [assigning, assign] = useDisclosure(false);

  const text = LINE_STATUS_TEXT[line.status];
  if (text) return <Text size="sm">{text}</Text>;
  const actions = lineActionsFor({ status: line.status, hasPartner: !!line.partner });
  if (actions.length === 0) return null;

  const run = (action: SimpleLineAction, reason?: string) =>
    runWorkflow(() => lineAction.mutateAsync({ action, lineId: line.id, reason }));

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {actions.map((action) => {
          const rule = LINE_ACTIONS[action];
          if (action === 'assign') {
            return (
              <Button key={action} variant="default" size="xs" onClick={assign.open}>
                {line.partner ? 'Reassign' : rule.label}
              </Button>
            );
          }
          if (action === 'reject') {
            return (
              <Button key={action} variant="default" size="xs" onClick={reject.open}>
                {rule.label}
              </Button>
            );
          }
          return (
            <ConfirmAction
              key={action}
              size="xs"
              variant={actionVariant(action)}
              label={rule.label}
              title={`${rule.label}: ${line.title}`}
              message={rule.confirm}
              onConfirm={() => run(action)}
            />
          );
        })}
      </Group>
      <RejectDialog
        opened={rejecting}
        onClose={reject.close}
        title="Reject item"
        description={LINE_ACTIONS.reject.confirm}
        onSubmit={(reason) => run('reject', reason)}
      />
      <ReassignDialog
        opened={assigning}
        onClose={assign.close}
        lineId={line.id}
        onAssign={(partnerId) => runWorkflow(() => reassign.mutateAsync({ lineId: line.id, partnerId }))}
      />
    </>
  );
}
