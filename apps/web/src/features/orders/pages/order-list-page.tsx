import { Navigate, useParams } from 'react-router';

import { ORDER_FILTERS, type OrderFilter } from '@bloomline/contract';

import { orderListTitle } from '@/lib/navigation';
import { useUser } from '@/session/session-context';
import { PageTitle } from '@/ui';
import { NewOrderButton } from '@/ui/new-order-button';
import { paths } from '@/lib/paths';

import { OrderListPanel } from '../components/order-list/order-list-panel';

/** Filters an /orders/:status path may name; 'today' has its own screen. */
const isListFilter = (value: string | undefined): value is Exclude<OrderFilter, 'today'> =>
  value !== 'today' && (ORDER_FILTERS as readonly string[]).includes(value ?? '');

const fallbackTitle = (status: string) => {
  const words = status.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** /orders/open, /orders/accepted … : the list with the path's filter, titled in the menu's words. */
export function OrderListPage() {
  const user = useUser();
  const { status } = useParams();
  if (!isListFilter(status)) return <Navigate to={paths.home} replace />;
  const title = orderListTitle(user, paths.orders.list(status)) ?? fallbackTitle(status);
  return (
    <>
      <PageTitle title={title} actions={user.isStaff && <NewOrderButton />} />
      <OrderListPanel key={status} fixedFilter={status} label={title} />
    </>
  );
}
