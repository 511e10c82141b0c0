import { Button, Group } from '@mantine/core';
import { useState } from 'react';

import type { BulkAction, BulkActionBody, BulkResult } from '@bloomline/contract';
import {
  BULK_ACTION_LABELS,
  LINE_ACTIONS,
  ORDER_ACTIONS,
  PARTNER_BULK_ACTIONS,
  STAFF_BULK_ACTIONS,
} from '@bloomline/contract';

import { ConfirmAction } from '@/ui';

import { useBulkAction } from '../../api/bulk-orders';
import { GroupAssignDialog } from './group-assign-dialog';

export type BulkOutcome = { action: BulkAction; result: BulkResult };

/** What the confirmation says: the workflow's own words for one order, for all of them. */
function confirmText(action: BulkAction, isStaff: boolean): string {
  if (action === 'cancel')
    return `${ORDER_ACTIONS.cancel.confirm} Items nobody is working on are cancelled at once; the partner is asked about the others.`;
  if (action === 'assign') return LINE_ACTIONS.assign.confirm;
  return isStaff
    ? `${LINE_ACTIONS[action].confirm} (on the partners' behalf)`
    : ORDER_ACTIONS[action].confirm;
}

const ordersWord = (n: number) => `${String(n)} order${n === 1 ? '' : 's'}`;

export type BulkActionButtonsProps = {
  ids: readonly number[];
  isStaff: boolean;
  /** Phones: large targets. */
  large: boolean;
  onDone: (outcome: BulkOutcome) => void;
};

/**
 * The actions on the selected orders, each behind its confirmation (every workflow action asks first): a
 * partner's accept, fulfil and deliver; staff's assign, the same on the partners' behalf, and cancel.
 */
export function BulkActionButtons({ ids, isStaff, large, onDone }: BulkActionButtonsProps) {
  const bulk = useBulkAction();
  const [assigning, setAssigning] = useState(false);
  const actions = isStaff ? STAFF_BULK_ACTIONS : PARTNER_BULK_ACTIONS;
  const none = ids.length === 0;
  const size = large ? 'md' : 'sm';

  const run = async (body: BulkActionBody) => {
    const result = await bulk.mutateAsync(body);
    onDone({ action: body.action, result });
  };

  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Actions on the selected orders">
      {actions.map((action) =>
        action === 'assign' ? (
          <Button
            key={action}
            size={size}
            variant="default"
            disabled={none}
            onClick={() => setAssigning(true)}
          >
            Assign…
          </Button>
        ) : (
          <ConfirmAction
            key={action}
            size={size}
            disabled={none}
            variant={action === 'cancel' ? 'default' : 'filled'}
            label={`${BULK_ACTION_LABELS[action]} (${String(ids.length)})`}
            title={`${BULK_ACTION_LABELS[action]} ${ordersWord(ids.length)}?`}
            message={confirmText(action, isStaff)}
            confirmLabel={`${BULK_ACTION_LABELS[action]} ${ordersWord(ids.length)}`}
            onConfirm={() => run({ action, ids: [...ids] })}
          />
        ),
      )}
      {isStaff && (
        <GroupAssignDialog
          opened={assigning}
          onClose={() => setAssigning(false)}
          ids={ids}
          onAssign={(partnerId) => run({ action: 'assign', ids: [...ids], partnerId })}
        />
      )}
    </Group>
  );
}
