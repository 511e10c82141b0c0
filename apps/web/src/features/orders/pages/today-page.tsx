import { useUser } from '@/session/session-context';
import { PageTitle } from '@/ui';
import { NewOrderButton } from '@/ui/new-order-button';

import { DeliveryScreen } from '../components/delivery/delivery-screen';
import { OrderListPanel } from '../components/order-list/order-list-panel';

export const PARTNER_TODAY_TITLE = 'For Delivery Today';
export const STAFF_TODAY_TITLE = 'For delivery today';

/** /orders/today: a partner's list of today's deliveries; staff get the delivery screen with its tabs. */
export function TodayPage() {
  const user = useUser();
  if (user.isStaff) {
    return (
      <>
        <PageTitle title={STAFF_TODAY_TITLE} actions={<NewOrderButton />} />
        <DeliveryScreen />
      </>
    );
  }
  return (
    <>
      <PageTitle title={PARTNER_TODAY_TITLE} />
      <OrderListPanel fixedFilter="today" label={PARTNER_TODAY_TITLE} />
    </>
  );
}
