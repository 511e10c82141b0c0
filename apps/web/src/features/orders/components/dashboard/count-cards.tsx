import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

import type { DashboardCounts } from '@bloomline/contract';

import { paths } from '@/lib/paths';
import { useDashboardCounts } from '../../api/get-dashboard-counts';
import { QueryError } from '../query-error';

/** The four cards of part 1, point 2, each leading to the list it counts. */
export const COUNT_CARDS: { key: keyof DashboardCounts; label: string; to: string }[] = [
  { key: 'awaitingAcceptance', label: 'Awaiting acceptance', to: paths.orders.list('open') },
  { key: 'acceptedOrders', label: 'Accepted', to: paths.orders.list('accepted') },
  { key: 'ordersInProgress', label: 'Out for delivery', to: paths.orders.list('fulfilled') },
  { key: 'forDeliveryToday', label: 'For delivery today', to: paths.orders.today },
];

export function CountCards() {
  const counts = useDashboardCounts();
  if (counts.isError && !counts.data) {
    return <QueryError query={counts} title="Could not load the counts" />;
  }
  return (
    <SimpleGrid
      cols={{ base: 2, md: 4 }}
      spacing="sm"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {COUNT_CARDS.map((card) => (
        <li key={card.key}>
          <UnstyledButton component={Link} to={card.to} display="block" h="100%">
            <Paper withBorder p="md" radius="md" h="100%">
              {counts.data ? (
                <Text fz={32} fw={700} lh={1.1} c="grape.9">
                  {counts.data[card.key]}
                </Text>
              ) : (
                <Skeleton height={35} width={48} aria-hidden />
              )}
              <Text size="sm" fw={500} mt={4}>
                {card.label}
              </Text>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  );
}
