import {
  Anchor,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { Link } from 'react-router';

import { formatCount, monthName, type MonthEndRun } from '@bloomline/contract';

import { paths } from '@/lib/paths';
import { ConfirmAction, PageTitle, QueryError, readableShade, useCameFrom } from '@/ui';

import { isRunning, useMonthEndRun, useStartMonthEndRun } from '../api/month-end-run';

export const MONTH_END_TITLE = 'Month-end statements';
export const SEND_LABEL = 'Send last month’s statements';

/** The parts of the bar, in the order drawn. */
const PARTS = [
  { key: 'sent', label: 'Sent', colour: 'green.8' },
  { key: 'failed', label: 'Failed', colour: 'red.8' },
  { key: 'toGo', label: 'To go', colour: 'gray.4' },
] as const;

/** Where the run is, in words: not started, sending, or done. */
export function runState(run: MonthEndRun): string {
  if (run.total === 0) return `Not started for ${monthName(run.month)}.`;
  if (isRunning(run))
    return `Sending: ${formatCount(run.total - run.toGo)} of ${formatCount(run.total)} done.`;
  return run.failed > 0
    ? `Done: ${formatCount(run.sent)} sent, ${formatCount(run.failed)} could not be reached.`
    : `Done: every partner was sent their statement (${formatCount(run.sent)}).`;
}

/** Sent, failed and to go as one bar, with the numbers beside it (the bar alone says nothing to a reader). */
function RunProgress({ run }: { run: MonthEndRun }) {
  const share = (n: number) => (run.total === 0 ? 0 : (n / run.total) * 100);
  return (
    <Stack gap="xs">
      <Progress.Root size="xl" aria-hidden>
        {PARTS.map((part) => (
          <Progress.Section key={part.key} value={share(run[part.key])} color={part.colour} />
        ))}
      </Progress.Root>
      <Group gap="lg" wrap="wrap">
        {PARTS.map((part) => (
          <Group key={part.key} gap={6} wrap="nowrap" data-part={part.key}>
            <Progress.Root w={12} size={12} radius="xl" aria-hidden>
              <Progress.Section value={100} color={part.colour} />
            </Progress.Root>
            <Text size="sm">
              {part.label}: <strong>{formatCount(run[part.key])}</strong>
            </Text>
          </Group>
        ))}
      </Group>
      <Text size="sm" role="status" aria-live="polite" fw={600}>
        {runState(run)}
      </Text>
    </Stack>
  );
}

function Failures({ run }: { run: MonthEndRun }) {
  const theme = useMantineTheme();
  if (run.failures.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h4" mb="sm">
        Partners it could not reach
      </Title>
      <Table verticalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Partner</Table.Th>
            <Table.Th scope="col">Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {run.failures.map((f) => (
            <Table.Tr key={f.partner.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Anchor
                  component={Link}
                  to={paths.partners.edit(f.partner.id)}
                  size="sm"
                  c={readableShade(theme, theme.primaryColor)}
                >
                  {f.partner.name}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{f.error}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * /statements/month-end (staff): one action e-mails every partner with a statements user the previous
 * month's summary PDF. The progress is the server's (a job per partner), asked every 2 s while it runs, so a
 * reload finds the run where it is; the partners it could not reach are listed with why.
 */
export function MonthEndPage() {
  // Opened from Partners, Reporting or a statements screen: its breadcrumb leads back there (issue 36).
  const from = useCameFrom({ label: 'Partners', to: paths.partners.list });
  const run = useMonthEndRun();
  const start = useStartMonthEndRun();
  const month = run.data ? monthName(run.data.month) : 'last month';

  let body;
  if (run.isError) body = <QueryError error={run.error} onRetry={() => void run.refetch()} />;
  else if (!run.data)
    body = (
      <Group justify="center" py="lg">
        <Loader role="status" aria-label="Loading the month-end run" />
      </Group>
    );
  else body = <RunProgress run={run.data} />;

  return (
    <Stack gap="md" maw={760}>
      <PageTitle title={MONTH_END_TITLE} breadcrumbs={[from, { label: MONTH_END_TITLE }]} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Text>
            E-mails every partner with a statements user the summary PDF of their statement for {month}. Each
            partner is sent it once: sending again only tries the partners it could not reach.
          </Text>
          <Group>
            <ConfirmAction
              label={SEND_LABEL}
              title={SEND_LABEL}
              message={`Send every partner with a statements user their statement for ${month} by e-mail?`}
              confirmLabel="Send"
              disabled={!run.data || isRunning(run.data)}
              onConfirm={() => start.mutateAsync()}
            />
          </Group>
          {body}
        </Stack>
      </Paper>
      {run.data && <Failures run={run.data} />}
    </Stack>
  );
}
