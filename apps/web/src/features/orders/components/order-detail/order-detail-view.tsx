import { Alert, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { IconPrinter, IconTruckDelivery } from '@tabler/icons-react';

import type { OrderDetail } from '@bloomline/contract';

import { useUser } from '@/session/session-context';
import { PageTitle, RecordHistoryLink } from '@/ui';
import { paths } from '@/lib/paths';

import { OrderClaimActions } from '../claims/order-claim-actions';
import { PartnerOrderActions } from '../workflow/partner-order-actions';
import { StaffCancelOrder } from '../workflow/staff-cancel-order';
import { AdjustmentsSection } from './adjustments-section';
import { DetailSection } from './detail-section';
import { ExtraSection } from './extra-section';
import { HistorySection } from './history-section';
import { ItemsSection } from './items-section';
import { OnpaySection } from './onpay-section';
import { OrderSummarySection } from './order-summary-section';
import { PrintNote } from './print-note';
import { RecipientSection } from './recipient-section';

export const COLLECTION_BANNER = 'Order will be collected';

export function OrderDetailView({ order }: { order: OrderDetail }) {
  const { isStaff } = useUser();
  return (
    <>
      <PageTitle
        title={`Order ${order.name}`}
        breadcrumbs={[{ label: 'Dashboard', to: paths.dashboard }, { label: order.name }]}
        actions={
          isStaff && (
            <Group gap="xs">
              <StaffCancelOrder order={order} />
              <OrderClaimActions order={order} />
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} aria-hidden />}
                onClick={() => window.print()}
              >
                Print
              </Button>
              <RecordHistoryLink type="order" id={order.id} />
            </Group>
          )
        }
      />
      <Stack gap="md">
        {order.isCollection && (
          <Alert color="blue" variant="light" icon={<IconTruckDelivery aria-hidden />}>
            <Text fw={600} c="dark">
              {COLLECTION_BANNER}
            </Text>
          </Alert>
        )}
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <OrderSummarySection order={order} isStaff={isStaff} />
              {!isStaff && (
                <DetailSection title="What to do next">
                  <PartnerOrderActions orderId={order.id} status={order.status} />
                </DetailSection>
              )}
              <DetailSection title="Special order instructions">
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {order.notes?.trim() || 'No special instructions.'}
                </Text>
              </DetailSection>
              <ItemsSection order={order} isStaff={isStaff} />
              {isStaff && <AdjustmentsSection adjustments={order.adjustments} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <RecipientSection order={order} isStaff={isStaff} />
              <OnpaySection orderId={order.id} />
              {isStaff && order.extra && <ExtraSection extra={order.extra} />}
              <HistorySection orderId={order.id} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      {isStaff && <PrintNote order={order} />}
    </>
  );
}
