import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { APP_VERSION } from '@bloomline/contract';

import { useUser } from '@/session/session-context';
import { PageTitle } from '@/ui';
import { NewOrderButton } from '@/ui/new-order-button';

export type DashboardPageProps = {
  /**
   * The orders part (count cards, filter bar, list). The router passes it in from the orders feature, because
   * features never import each other.
   */
  orders?: ReactNode;
};

export function DashboardPage({ orders }: DashboardPageProps) {
  const user = useUser();
  return (
    <Stack gap="lg">
      <PageTitle title="Dashboard" actions={user.isStaff && <NewOrderButton />} />
      <Text c="dimmed">
        {user.isStaff
          ? 'Every order in the marketplace, the partners who fulfil them and the catalogue they are made from.'
          : `Orders for ${user.partner?.name ?? 'your shop'}: accept them, make them and deliver them.`}
      </Text>
      {orders}
      <Text size="xs" c="dimmed" ta="center" mt="xl" aria-label="Version">
        {APP_VERSION}
      </Text>
    </Stack>
  );
}
