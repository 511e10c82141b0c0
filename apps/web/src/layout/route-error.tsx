import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The routing fallback: a render error or a failed lazy load lands here. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${String(error.status)} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" maw={520} ta="center">
        <Title order={1}>Unexpected Application Error!</Title>
        {detail && <Text c="dimmed">{detail}</Text>}
        <Anchor component={Link} to="/" reloadDocument>
          Back to the dashboard
        </Anchor>
      </Stack>
    </Center>
  );
}
