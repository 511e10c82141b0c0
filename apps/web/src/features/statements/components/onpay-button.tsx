import { Button } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useState } from 'react';

import { Dialog, Money } from '@/ui';
import { OnpayCalculation } from '@/ui/onpay-calculation';

/**
 * An order's on pay, as a button that opens how it was worked out (`GET /api/orders/{id}/onpayment`, loaded
 * only when opened).
 */
export function OnpayButton({ order }: { order: { id: number; name: string; onPay: number | null } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        rightSection={<IconCalculator size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={`On pay calculation of ${order.name}`}
        aria-haspopup="dialog"
      >
        <Money value={order.onPay} />
      </Button>
      <Dialog opened={open} onClose={() => setOpen(false)} title={`On pay of ${order.name}`}>
        {open && <OnpayCalculation orderId={order.id} />}
      </Dialog>
    </>
  );
}
