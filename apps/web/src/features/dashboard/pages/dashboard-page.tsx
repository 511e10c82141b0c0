import { Stack, Text } from '@mantine/core';

import { APP_VERSION } from '@bloomline/contract';

import { useUser } from '@/session/session-context';
import { PageTitle } from '@/ui';

export function DashboardPage() {
  const user = useUser();
  return (
    <Stack gap="lg">
      <PageTitle title="Dashboard" />
      <Text c="dimmed">
        {user.isStaff
          ? 'Every order in the marketplace, the partners who fulfil them and the catalogue they are made from.'
          : `Orders for ${user.partner?.name ?? 'your shop'}: accept them, make them and deliver them.`}
      </Text>
      <Text size="xs" c="dimmed" ta="center" mt="xl" aria-label="Version">
        {APP_VERSION}
      </Text>
    </Stack>
  );
}
