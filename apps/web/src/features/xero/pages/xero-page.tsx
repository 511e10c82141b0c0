import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { IconAlertTriangle, IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';

import {
  isXeroConnectError,
  XERO_CONNECT_ERRORS,
  XERO_DISCONNECT_CONFIRM,
  type XeroConnection,
  xeroRoutes,
} from '@bloomline/contract';

import { pathOf } from '@/api/call';
import { useUser } from '@/session/session-context';
import {
  ALERT_TITLE_RED,
  ConfirmAction,
  errorMessage,
  filledButtonTone,
  filledColours,
  formatDateTime,
  PageTitle,
  QueryError,
} from '@/ui';

import { isNotSetUp, useDisconnectXero, useXeroConnection } from '../api/xero-connection';

export const XERO_TITLE = 'Xero';
export const CONNECT_LABEL = 'Connect Xero';
export const CONNECT_AGAIN_LABEL = 'Connect again';

// Mantine's light tints put their own text below 4.5:1; dark text passes axe (as on the companies screen).
const DARK_TEXT = {
  title: { color: 'var(--mantine-color-dark-9)' },
  message: { color: 'var(--mantine-color-dark-9)' },
};

/** Connect Xero: a navigation to the server's authorisation start, which sends the browser on to Xero. */
function ConnectButton({ label }: { label: string }) {
  const theme = useMantineTheme();
  return (
    <Button
      component="a"
      href={pathOf(xeroRoutes.authorize)}
      {...filledButtonTone(theme, theme.primaryColor)}
      leftSection={<IconPlugConnected size={18} aria-hidden />}
    >
      {label}
    </Button>
  );
}

function DisconnectButton({ tenantName }: { tenantName: string | null }) {
  const disconnect = useDisconnectXero();
  return (
    <ConfirmAction
      label="Disconnect"
      title={`Disconnect ${tenantName ?? 'Xero'}`}
      message={XERO_DISCONNECT_CONFIRM}
      confirmLabel="Disconnect"
      color="red.8"
      variant="outline"
      onConfirm={() => disconnect.mutateAsync()}
    />
  );
}

/** The connection's state, in words, with what the user may do about it. */
function ConnectionState({ connection, canConnect }: { connection: XeroConnection; canConnect: boolean }) {
  const theme = useMantineTheme();
  const badge = filledColours(theme, 'green.8');
  const name = connection.tenantName ?? 'the organisation';
  if (connection.connected)
    return (
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color={badge.background} c={badge.text} variant="filled">
            Connected
          </Badge>
        </Group>
        <Text>
          Connected to <strong>{name}</strong> since {formatDateTime(connection.connectedAt)}. Companies’
          accounting contacts are chosen from its contacts.
        </Text>
        {canConnect && (
          <Group>
            <DisconnectButton tenantName={connection.tenantName} />
          </Group>
        )}
      </Stack>
    );
  if (connection.expired)
    return (
      <Stack gap="sm">
        <Alert
          color="yellow"
          variant="light"
          title={`The connection to ${name} has expired`}
          icon={<IconAlertTriangle aria-hidden />}
          styles={DARK_TEXT}
        >
          Xero no longer accepts its sign-in (it was withdrawn in Xero or left unused too long). Connect again
          to choose accounting contacts.
        </Alert>
        {canConnect && (
          <Group>
            <ConnectButton label={CONNECT_AGAIN_LABEL} />
            <DisconnectButton tenantName={connection.tenantName} />
          </Group>
        )}
      </Stack>
    );
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        Xero is not connected. Connect it to choose the companies’ accounting contacts from its contacts.
      </Text>
      {canConnect && <ConnectButton label={CONNECT_LABEL} />}
    </Stack>
  );
}

/**
 * /system/xero: the accounting connection. Staff with authenticateXero connect (through Xero's own page),
 * connect again once it has expired, and disconnect; staff with manageXero see its state. A failed attempt
 * comes back as ?error=<code>, said in the contract's words.
 */
export function XeroPage() {
  const { permissions } = useUser();
  const canConnect = permissions.authenticateXero;
  const [params] = useSearchParams();
  const failure = params.get('error');
  const connection = useXeroConnection(canConnect || permissions.manageXero);

  let body;
  if (!canConnect && !permissions.manageXero)
    body = <Text>You do not have access to the accounting connection.</Text>;
  else if (connection.isPending) body = <Loader size="sm" aria-label="Loading the connection" />;
  else if (connection.isError && isNotSetUp(connection.error))
    body = (
      <Alert
        color="yellow"
        variant="light"
        title="Not set up on this server"
        icon={<IconPlugConnectedX aria-hidden />}
        styles={DARK_TEXT}
      >
        {errorMessage(connection.error)}
      </Alert>
    );
  else if (connection.isError) body = <QueryError query={connection} />;
  else body = <ConnectionState connection={connection.data} canConnect={canConnect} />;

  return (
    <Stack maw={720}>
      <PageTitle title={XERO_TITLE} />
      {isXeroConnectError(failure) && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="Xero was not connected"
          icon={<IconAlertTriangle aria-hidden />}
          styles={{ title: { color: ALERT_TITLE_RED } }}
        >
          {XERO_CONNECT_ERRORS[failure]}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Title order={2} size="h4" mb="sm">
          Accounting connection
        </Title>
        {body}
      </Paper>
    </Stack>
  );
}
