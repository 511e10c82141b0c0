import { Skeleton, Stack, Text, Timeline } from '@mantine/core';

import { STATUS_BY_ID, type HistoryEntry } from '@bloomline/contract';

import { formatDateTime } from '@/ui';

import { useOrderHistory } from '../../api/get-order-history';
import { QueryError } from '../query-error';
import { DetailSection } from './detail-section';

/** History entries with the rejected status carry the reason the partner gave. */
const rejectionReason = (entry: HistoryEntry) =>
  entry.status !== null && STATUS_BY_ID[entry.status] === 'rejected' && entry.reason ? entry.reason : null;

/** What happened to the order, newest first. */
export function HistorySection({ orderId }: { orderId: number }) {
  const history = useOrderHistory(orderId);
  let body;
  if (history.isPending) {
    body = (
      <Stack gap={8} aria-hidden>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} height={14} />
        ))}
      </Stack>
    );
  } else if (history.isError) {
    body = <QueryError query={history} />;
  } else if (history.data.length === 0) {
    body = <Text size="sm">Nothing has happened to this order yet.</Text>;
  } else {
    body = (
      <Timeline
        bulletSize={12}
        lineWidth={2}
        active={-1}
        component="ol"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {history.data.map((entry) => {
          const reason = rejectionReason(entry);
          return (
            <Timeline.Item key={entry.id} component="li">
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {entry.message}
              </Text>
              {reason && <Text size="sm">Reason: {reason}</Text>}
              <Text size="xs" c="dimmed">
                {[entry.user, formatDateTime(entry.createdAt)].filter(Boolean).join(' · ')}
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
    );
  }
  return <DetailSection title="History">{body}</DetailSection>;
}
