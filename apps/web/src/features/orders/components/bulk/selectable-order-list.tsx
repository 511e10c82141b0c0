import { Box, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';

import { useUser } from '@/session/session-context';
import { usePhone } from '@/ui';

import { withoutPage } from '../../api/bulk-orders';
import { useOrders } from '../../api/get-orders';
import { OrderList, type OrderListProps } from '../order-list/order-list';
import type { RowSelect } from '../order-list/order-row';
import { BulkBar } from './bulk-bar';
import { useOrderSelection } from './use-order-selection';

/**
 * An order list whose orders can be selected and acted on at once (issue 40): the list itself (order-list.tsx)
 * with a box on each row and the bulk bar. On a phone the boxes wait for "Select", and the bar then sits at the
 * foot of the screen, under the thumb.
 */
export function SelectableOrderList({ params, onPage, label }: Omit<OrderListProps, 'select'>) {
  const user = useUser();
  const phone = usePhone();
  // The same query as the list's (one request): the bar needs the page and the total.
  const orders = useOrders(params);
  const listKey = useMemo(() => JSON.stringify(withoutPage(params)), [params]);
  const selection = useOrderSelection(listKey);
  const [selecting, setSelecting] = useState(false);
  const boxes = !phone || selecting;
  const select = useMemo(
    (): RowSelect | undefined =>
      boxes ? { has: selection.has, toggle: selection.toggle, large: phone } : undefined,
    [boxes, selection, phone],
  );
  const bar = (
    <BulkBar
      params={params}
      rows={orders.data?.data ?? []}
      total={orders.data?.meta.total ?? 0}
      selection={selection}
      isStaff={user.isStaff}
      phone={phone}
      selecting={selecting}
      onSelecting={setSelecting}
    />
  );
  // One bar, moved by the flex order rather than by the tree, so what it shows (the last result) stays.
  const atFoot = phone && selecting;
  return (
    <Stack gap="sm">
      <Box style={{ order: atFoot ? 2 : 0, ...(atFoot ? { position: 'sticky', bottom: 0, zIndex: 5 } : {}) }}>
        {bar}
      </Box>
      <Box style={{ order: 1 }}>
        <OrderList params={params} onPage={onPage} label={label} select={select} />
      </Box>
    </Stack>
  );
}
