import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

import { MAIL_TEXTS, mailListQuery, type MailListItem } from '@bloomline/contract';

import { actionsColumn, ConfirmAction, DateText, ListPage, useListParams, type DataColumn } from '@/ui';

import { useMails } from '../api/get-mails';
import { useSendAgain } from '../api/send-again';

function SendAgain({ mail }: { mail: MailListItem }) {
  const sendAgain = useSendAgain();
  return (
    <ConfirmAction
      label={MAIL_TEXTS.sendAgain}
      aria-label={`${MAIL_TEXTS.sendAgain}: ${mail.subject} to ${mail.to}`}
      title={MAIL_TEXTS.sendAgain}
      message={`Send “${mail.subject}” to ${mail.to} again? It is tried again by itself if it fails.`}
      confirmLabel={MAIL_TEXTS.sendAgain}
      size="xs"
      variant="default"
      onConfirm={async () => {
        await sendAgain.mutateAsync(mail.id);
        notifications.show({
          color: 'green',
          message: MAIL_TEXTS.queuedAgain,
          closeButtonProps: { 'aria-label': 'Dismiss' },
        });
      }}
    />
  );
}

const wrap = { overflowWrap: 'anywhere' } as const;

const columns: DataColumn<MailListItem>[] = [
  { key: 'kind', header: 'What', render: (m) => m.kindLabel },
  { key: 'to', header: 'To', render: (m) => <span style={wrap}>{m.to}</span> },
  { key: 'subject', header: 'Subject', render: (m) => <span style={wrap}>{m.subject}</span> },
  {
    key: 'error',
    header: 'Why it failed',
    render: (m) => (
      <Text size="sm" c="red.9" style={wrap}>
        {m.error}
      </Text>
    ),
  },
  { key: 'attempts', header: 'Tries', render: (m) => m.attempts },
  { key: 'last', header: 'Last tried', render: (m) => <DateText value={m.lastTriedAt} format="datetime" /> },
  actionsColumn((m) => <SendAgain mail={m} />),
];

/**
 * /system/mails (staff): the e-mails that failed on every try (a job tries each again by itself, with longer
 * waits), with the mail server's reason; "Send again" queues one once more after the reason is fixed.
 */
export function MailsPage() {
  const { params, update } = useListParams(mailListQuery);
  const mails = useMails(params);
  const none = mails.data && mails.data.data.length === 0 && !params.q;
  return (
    <ListPage
      title={MAIL_TEXTS.title}
      notice={
        <Stack gap={4}>
          <Text size="sm">{MAIL_TEXTS.intro}</Text>
          {none && (
            <Text size="sm" fw={600} role="status">
              {MAIL_TEXTS.empty}
            </Text>
          )}
        </Stack>
      }
      search={{
        value: params.q ?? '',
        onSearch: (q) => update({ q }),
        label: 'Search by address or subject',
      }}
      columns={columns}
      rows={mails.data?.data}
      rowKey={(m) => m.id}
      query={mails}
      meta={mails.data?.meta}
      onPage={(page) => update({ page })}
      minWidth={900}
    />
  );
}
