import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { parsePathId } from '@bloomline/contract';

import { PageTitle } from '@/ui';
import { RecordState } from '@/ui/form';

import { useOfflineTime } from '../api/get-offline-time';
import { OfflineTimeForm } from '../components/offline-time-form';
import { useOfflinePartner } from '../components/use-offline-partner';
import { OUT_OF_OFFICE_TITLE } from './out-of-office-list-page';

const NO_PARTNER = 'Open out-of-office periods from a partner’s page.';

function Frame({ title, search, children }: { title: string; search: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={640}>
      <PageTitle
        title={title}
        breadcrumbs={[
          { label: OUT_OF_OFFICE_TITLE, to: `/partners/out-of-office${search}` },
          { label: title },
        ]}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {children}
      </Paper>
    </Stack>
  );
}

/** /partners/out-of-office/add. */
export function OutOfOfficeAddPage() {
  const { partnerId, search } = useOfflinePartner();
  return (
    <Frame title="Add out-of-office period" search={search}>
      {partnerId === null ? (
        <Text>{NO_PARTNER}</Text>
      ) : (
        <OfflineTimeForm partnerId={partnerId} search={search} />
      )}
    </Frame>
  );
}

/** /partners/out-of-office/{id}. */
export function OutOfOfficeEditPage() {
  const { partnerId, search } = useOfflinePartner();
  const id = parsePathId(useParams().id);
  const period = useOfflineTime(partnerId, id);
  return (
    <Frame title="Edit out-of-office period" search={search}>
      {partnerId === null ? (
        <Text>{NO_PARTNER}</Text>
      ) : (
        <RecordState
          query={period}
          record={period.data}
          missing="This out-of-office period does not exist. It may have been deleted."
        >
          {(record) => (
            <OfflineTimeForm key={record.id} partnerId={partnerId} search={search} period={record} />
          )}
        </RecordState>
      )}
    </Frame>
  );
}
