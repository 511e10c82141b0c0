import { Button, Group } from '@mantine/core';
import { useState } from 'react';

import type { OrderDetail } from '@bloomline/contract';

import { claimableLines } from './claimable-lines';
import { REFUND, RefundDialog } from './refund-dialog';
import { RETURN_LINES, ReturnLinesDialog } from './return-lines-dialog';

/**
 * "Return lines" and "Refund" on the order page (staff; issue 35): shown once a line has been delivered.
 * Kept in a component of their own beside the page's other actions.
 */
export function OrderClaimActions({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState<'return' | 'refund' | null>(null);
  const lines = claimableLines(order);
  if (lines.length === 0) return null;
  return (
    <Group gap="xs">
      <Button variant="default" onClick={() => setOpen('return')} disabled={lines.every((l) => l.left === 0)}>
        {RETURN_LINES}
      </Button>
      <Button variant="default" onClick={() => setOpen('refund')}>
        {REFUND}
      </Button>
      <ReturnLinesDialog order={order} opened={open === 'return'} onClose={() => setOpen(null)} />
      <RefundDialog order={order} opened={open === 'refund'} onClose={() => setOpen(null)} />
    </Group>
  );
}
