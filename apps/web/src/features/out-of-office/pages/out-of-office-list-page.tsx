import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { OFFLINE_TIME_DELETE_CONFIRM, type OfflineTime } from '@bloomline/contract';

import {
  actionsColumn,
  ConfirmAction,
  DateText,
  EditAction,
  formatDate,
  ListPage,
  PageTitle,
  type DataColumn,
} from '@/ui';
import { paths } from '@/lib/paths';

import { useDeleteOfflineTime } from '../api/delete-offline-time';
import { useOfflineTimes } from '../api/get-offline-times';
import { useOfflinePartner } from '../components/use-offline-partner';

export const OUT_OF_OFFICE_TITLE = 'Out of office';

/** What a period is called in its buttons' names: "20 Dec 2026 to 27 Dec 2026". */
export const periodName = (p: Pick<OfflineTime, 'startDate' | 'endDate'>) =>
  `${formatDate(p.startDate)} to ${formatDate(p.endDate)}`;

/** Staff arrive with `?partner=<id>` (from a partner's page); without it there is nobody's list to show. */
function NoPartner() {
  return (
    <Stack gap="md">
      <PageTitle title={OUT_OF_OFFICE_TITLE} />
      <Text>
        Out-of-office periods belong to a partner. Open them from the partner’s page in{' '}
        <Anchor component={Link} to={paths.partners.list}>
          Partners
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

/** /partners/out-of-office: the periods of the user's own partner, or for staff of `?partner=<id>`. */
export function OutOfOfficeListPage() {
  const { partnerId, search, isStaff } = useOfflinePartner();
  const periods = useOfflineTimes(partnerId);
  const remove = useDeleteOfflineTime(partnerId ?? -1);
  if (partnerId === null) return <NoPartner />;

  const columns: DataColumn<OfflineTime>[] = [
    { key: 'start', header: 'Start', render: (p) => <DateText value={p.startDate} format="date" /> },
    { key: 'end', header: 'End', render: (p) => <DateText value={p.endDate} format="date" /> },
    { key: 'enabled', header: 'Enabled', render: (p) => (p.enabled ? 'Yes' : 'No') },
    actionsColumn((p) => (
      // The two buttons stack on a phone, so the dates keep their room.
      <Group gap="xs" justify="flex-end">
        <EditAction to={`${paths.partners.outOfOffice.edit(p.id)}${search}`} name={periodName(p)} />
        <ConfirmAction
          label="Delete"
          aria-label={`Delete ${periodName(p)}`}
          title="Delete out-of-office period"
          message={OFFLINE_TIME_DELETE_CONFIRM}
          confirmLabel="Delete"
          size="compact-sm"
          variant="default"
          // A dark red reads at 4.5:1 on the table's striped rows too (as the kit's DeleteAction).
          c="red.9"
          onConfirm={() => remove.mutateAsync(p.id)}
        />
      </Group>
    )),
  ];

  return (
    <ListPage
      title={OUT_OF_OFFICE_TITLE}
      breadcrumbs={
        isStaff
          ? [{ label: 'Partners', to: paths.partners.edit(partnerId) }, { label: OUT_OF_OFFICE_TITLE }]
          : undefined
      }
      addTo={`${paths.partners.outOfOffice.add}${search}`}
      columns={columns}
      rows={periods.data}
      rowKey={(p) => p.id}
      query={periods}
      caption="Out-of-office periods"
      minWidth={0}
    />
  );
}
