import { Anchor, Paper, Skeleton, Text, useMantineTheme } from '@mantine/core';
import { useParams } from 'react-router';
import { Link } from 'react-router';

import { monthName, type StatementOrderEntry } from '@bloomline/contract';

import { paths } from '@/lib/paths';
import { useUser } from '@/session/session-context';
import { DateText, ListPage, Money, readableShade, type DataColumn } from '@/ui';

import { useStatementOrders } from '../api/get-statements';
import { OnpayButton } from '../components/onpay-button';
import { NoStatements, NoSuchMonth } from '../components/statement-notices';
import { canRead, useStatementViewer } from '../components/use-statement-owner';
import { MONTHLY_TITLE, SIMPLE_TITLE, usePartnerCrumbs } from './statements-page';
import { validMonth } from './statement-page';

export const ORDERS_TITLE = 'Orders';
export const TOTAL_ON_PAY = 'Total on pay';

function OrderName({ order }: { order: StatementOrderEntry['order'] }) {
  const theme = useMantineTheme();
  return (
    <Anchor
      component={Link}
      to={paths.order(order.id)}
      fw={600}
      size="sm"
      c={readableShade(theme, theme.primaryColor)}
    >
      {order.name}
    </Anchor>
  );
}

const columns: DataColumn<StatementOrderEntry>[] = [
  { key: 'name', header: 'Order no', render: (e) => <OrderName order={e.order} /> },
  {
    key: 'recipient',
    header: 'Recipient',
    render: (e) => [e.order.firstName, e.order.lastName].filter(Boolean).join(' '),
  },
  {
    key: 'delivery',
    header: 'Delivery date',
    render: (e) => <DateText value={e.order.deliveryDate} format="date" />,
  },
  { key: 'onpay', header: 'On pay', align: 'right', render: (e) => <OnpayButton order={e.order} /> },
  {
    key: 'paid',
    header: 'Paid',
    render: (e) => (e.bill?.paid ? <DateText value={e.bill.date} format="date" /> : 'Not yet'),
  },
];

/**
 * /statements/{Y-MM}/orders: the month's billed orders and their Total on pay (the sum of their on pay),
 * what "View orders" of the simple Statements table opens when the statements feature is off.
 */
export function StatementOrdersPage() {
  const user = useUser();
  const { month = '' } = useParams();
  const viewer = useStatementViewer();
  const valid = validMonth(month);
  const orders = useStatementOrders({ month, partnerId: viewer.partnerId }, canRead(viewer) && valid);
  const crumbs = usePartnerCrumbs(viewer, orders.data?.meta.partner.name);
  if (!canRead(viewer)) return <NoStatements title={ORDERS_TITLE} viewer={viewer} />;
  if (!valid) return <NoSuchMonth title={ORDERS_TITLE} search={viewer.search} />;

  const listTitle = user.features.statements ? MONTHLY_TITLE : SIMPLE_TITLE;
  return (
    <ListPage
      title={ORDERS_TITLE}
      breadcrumbs={[
        ...(crumbs ?? []),
        { label: listTitle, to: `${paths.statements.list}${viewer.search}` },
        { label: monthName(month) },
      ]}
      columns={columns}
      rows={orders.data?.data}
      rowKey={(e) => e.key}
      query={orders}
      caption={`Orders of ${monthName(month)}`}
      minWidth={640}
    >
      <Paper withBorder radius="md" p="sm" maw={320}>
        <Text fw={600} c="gray.7" size="sm">
          {TOTAL_ON_PAY}, {monthName(month)}
        </Text>
        {orders.data ? (
          <Text fw={700} fz="xl" mt={4} data-total>
            <Money value={orders.data.meta.totalOnPay} />
          </Text>
        ) : (
          <Skeleton height={24} width={120} mt={6} />
        )}
      </Paper>
    </ListPage>
  );
}
