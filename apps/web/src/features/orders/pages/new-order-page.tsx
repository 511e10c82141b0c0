import { paths } from '@/lib/paths';
import { FormPage } from '@/ui';

import { OrderEntryForm } from '../components/order-entry/order-entry-form';

export const NEW_ORDER_TITLE = 'New order';

/** /orders/new: staff take an order by phone (issue 34). */
export function NewOrderPage() {
  return (
    <FormPage
      title={NEW_ORDER_TITLE}
      parent={{ label: 'Dashboard', to: paths.dashboard }}
      width={1200}
      card={false}
    >
      <OrderEntryForm />
    </FormPage>
  );
}
