import { Text } from '@mantine/core';
import { useParams } from 'react-router';

import { parsePathId } from '@bloomline/contract';

import { FormPage } from '@/ui/form';
import { paths } from '@/lib/paths';

import { useOfflineTime } from '../api/get-offline-time';
import { OfflineTimeForm } from '../components/offline-time-form';
import { useOfflinePartner } from '../components/use-offline-partner';
import { OUT_OF_OFFICE_TITLE } from './out-of-office-list-page';

const NO_PARTNER = 'Open out-of-office periods from a partner’s page.';

const frame = (title: string, search: string) => ({
  title,
  parent: { label: OUT_OF_OFFICE_TITLE, to: `${paths.partners.outOfOffice.list}${search}` },
  width: 640,
});

/** /partners/out-of-office/add. */
export function OutOfOfficeAddPage() {
  const { partnerId, search } = useOfflinePartner();
  return (
    <FormPage {...frame('Add out-of-office period', search)}>
      {partnerId === null ? (
        <Text>{NO_PARTNER}</Text>
      ) : (
        <OfflineTimeForm partnerId={partnerId} search={search} />
      )}
    </FormPage>
  );
}

/** /partners/out-of-office/{id}. */
export function OutOfOfficeEditPage() {
  const { partnerId, search } = useOfflinePartner();
  const id = parsePathId(useParams().id);
  const period = useOfflineTime(partnerId, id);
  const page = frame('Edit out-of-office period', search);
  if (partnerId === null) {
    return (
      <FormPage {...page}>
        <Text>{NO_PARTNER}</Text>
      </FormPage>
    );
  }
  return (
    <FormPage
      {...page}
      query={period}
      record={period.data}
      missing="This out-of-office period does not exist. It may have been deleted."
    >
      {(record) => <OfflineTimeForm partnerId={partnerId} search={search} period={record} />}
    </FormPage>
  );
}
