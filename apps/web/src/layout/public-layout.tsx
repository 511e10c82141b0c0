import { Center, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';

import { Logo } from './logo';

/** The signed-out frame: a centred card on a soft background. */
export function PublicLayout() {
  return (
    <Center mih="100vh" p="md" bg="grape.0" component="main">
      <Stack w="100%" maw={420} gap="md">
        <Center>
          <Logo />
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="lg">
          <Outlet />
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          Back office for florists, couriers and the Bloomline team.
        </Text>
      </Stack>
    </Center>
  );
}
