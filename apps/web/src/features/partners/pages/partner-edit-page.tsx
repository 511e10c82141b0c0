import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { PageTitle } from '@/ui';
import { RecordState } from '@/ui/form';

import { usePartner } from '../api/get-partner';
import { PartnerForm } from '../components/partner-form';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={1040}>
      <PageTitle title={title} breadcrumbs={[{ label: 'Partners', to: '/partners' }, { label: title }]} />
      {children}
    </Stack>
  );
}

/** /partners/add. */
export function PartnerAddPage() {
  return (
    <Frame title="Add partner">
      <PartnerForm />
    </Frame>
  );
}

/** /partners/{partnerId}. */
export function PartnerEditPage() {
  const partner = usePartner(Number(useParams().partnerId));
  return (
    <Frame title="Edit partner">
      <RecordState
        query={partner}
        record={partner.data}
        missing="This partner does not exist. It may have been removed."
      >
        {(record) => <PartnerForm key={record.id} partner={record} />}
      </RecordState>
    </Frame>
  );
}
