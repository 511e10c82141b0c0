import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

export const ERROR_TITLE = 'Oops, something went wrong';
export const ERROR_MESSAGE =
  'Something bad happened and we are looking into it, alternatively contact support for assistance.';

/** The full-page error screen; it stays until the page is refreshed. */
export function ErrorScreen({ status }: { status: number | string }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Code fz="lg" aria-label="Error status">
          {status}
        </Code>
        <Title order={1}>{ERROR_TITLE}</Title>
        <Text c="dimmed">{ERROR_MESSAGE}</Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          Refresh
        </Button>
      </Stack>
    </Center>
  );
}
