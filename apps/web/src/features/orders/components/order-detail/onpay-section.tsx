import { OnpayCalculation } from '@/ui/onpay-calculation';

import { DetailSection } from './detail-section';

/** What the partner is paid for the order, step by step, as the server calculates it. */
export function OnpaySection({ orderId }: { orderId: number }) {
  return (
    <DetailSection title="On payment">
      <OnpayCalculation orderId={orderId} />
    </DetailSection>
  );
}
