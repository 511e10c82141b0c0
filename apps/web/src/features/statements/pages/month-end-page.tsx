import {
  Anchor,
  Badge,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { Link } from 'react-router';

import { formatCount, monthName, type MonthEndPartner, type MonthEndRun } from '@bloomline/contract';

import { paths } from '@/lib/paths';
import {
  ConfirmAction,
  DataTable,
  DateText,
  filledColours,
  PageTitle,
  QueryError,
  readableShade,
  useCameFrom,
  type DataColumn,
} from '@/ui';

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

const STATUS_WORDS: Record<MonthEndPartner['status'], { label: string; colour: string }> = {
  sent: { label: 'Sent', colour: 'green' },
  failed: { label: 'Not sent', colour: 'red' },
  sending: { label: 'Sending', colour: 'gray' },
};

/** Failed first (what needs doing), then those still going, then the sent; by name within each. */
const ORDER: MonthEndPartner['status'][] = ['failed', 'sending', 'sent'];

/** When it went, or why not (a retry may be waiting: the last try's reason shows meanwhile). */
function Outcome({ partner }: { partner: MonthEndPartner }) {
  if (partner.status === 'sent') return <DateText value={partner.sentAt} format="datetime" />;
  if (partner.status === 'failed') return <>{partner.error}</>;
  return partner.error ? (
    <>
      Tried {formatCount(partner.attempts)}×, trying again: {partner.error}
    </>
  ) : (
    <>Queued</>
  );
}

/** Every partner of the run: where its statement went and when, or why it did not (issue 36, point 10). */
function RunPartners({ run }: { run: MonthEndRun }) {
  const theme = useMantineTheme();
  // Filled badges with black or white text by contrast, as every status badge (ui/contrast.ts).
  const tone = (colour: string) => filledColours(theme, colour);
  if (run.partners.length === 0) return null;
  const rows = [...run.partners].sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status));
  const columns: DataColumn<MonthEndPartner>[] = [
    {
      key: 'partner',
      header: 'Partner',
      render: (p) => (
        <Anchor
          component={Link}
          to={paths.partners.edit(p.partner.id)}
          size="sm"
          c={readableShade(theme, theme.primaryColor)}
        >
          {p.partner.name}
        </Anchor>
      ),
    },
    {
      key: 'to',
      header: 'Sent to',
      render: (p) => <span style={{ overflowWrap: 'anywhere' }}>{p.to ?? '—'}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      render: (p) => (
        <Badge
          variant="filled"
          color={tone(STATUS_WORDS[p.status].colour).background}
          c={tone(STATUS_WORDS[p.status].colour).text}
          // Never cut to "SE…" in a narrow column.
          styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
        >
          {STATUS_WORDS[p.status].label}
        </Badge>
      ),
    },
    {
      key: 'outcome',
      header: 'When or why',
      render: (p) => (
        <span style={{ overflowWrap: 'anywhere' }}>
          <Outcome partner={p} />
        </span>
      ),
    },
  ];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h4" mb="sm">
        {run.failed > 0 ? 'Partners in the run: who it reached, who not and why' : 'Partners in the run'}
      </Title>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(p) => p.partner.id}
        caption={`The statement of each partner for ${monthName(run.month)}`}
        minWidth={640}
      />
    </Paper>
  );
}

/** What the send button says and whether it may be pressed: nothing to send once every statement went. */
export function sendAction(run: MonthEndRun | undefined) {
  const month = run ? monthName(run.month) : 'last month';
  if (!run || isRunning(run)) return { label: SEND_LABEL, disabled: true, message: '' };
  if (run.total > 0 && run.sent === run.total)
    // Short enough for a phone's button; the month is in the words above it.
    return { label: 'Every statement is sent', disabled: true, message: '' };
  if (run.failed > 0)
    return {
      label: `Try again for the ${formatCount(run.failed)} not reached`,
      disabled: false,
      message: `Send the statement for ${month} again to the ${formatCount(run.failed)} partner${run.failed === 1 ? '' : 's'} it could not reach? Those already sent get nothing.`,
    };
  return {
    label: SEND_LABEL,
    disabled: false,
    message: `Send every partner with a statements user their statement for ${month} by e-mail?`,
  };
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
  const action = sendAction(run.data);

  let body;
  if (run.isError) body = <QueryError query={run} />;
  else if (!run.data)
    body = (
      <Group justify="center" py="lg">
        <Loader role="status" aria-label="Loading the month-end run" />
      </Group>
    );
  else body = <RunProgress run={run.data} />;

  return (
    <Stack gap="md" maw={960}>
      <PageTitle title={MONTH_END_TITLE} breadcrumbs={[from, { label: MONTH_END_TITLE }]} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Text>
            E-mails every partner with a statements user the summary PDF of their statement for {month}, with
            a link to the statement. Each partner is sent it once: sending again only tries the partners it
            could not reach. It also starts by itself at 06:00 on the 1st of each month.
          </Text>
          <Group>
            <ConfirmAction
              label={action.label}
              title={action.label}
              message={action.message}
              confirmLabel="Send"
              disabled={action.disabled}
              onConfirm={() => start.mutateAsync()}
            />
          </Group>
          {body}
        </Stack>
      </Paper>
      {run.data && <RunPartners run={run.data} />}
    </Stack>
  );
}
