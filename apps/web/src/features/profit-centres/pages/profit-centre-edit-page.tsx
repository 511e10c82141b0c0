import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { PageTitle } from '@/ui';
import { RecordState } from '@/ui/form';

import { useProfitCentreDetail } from '../api/get-profit-centre';
import { ProfitCentreForm } from '../components/profit-centre-form';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={640}>
      <PageTitle
        title={title}
        breadcrumbs={[{ label: 'Profit centres', to: '/profit-centres' }, { label: title }]}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {children}
      </Paper>
    </Stack>
  );
}

/** /profit-centres/add. */
export function ProfitCentreAddPage() {
  return (
    <Frame title="Add profit centre">
      <ProfitCentreForm />
    </Frame>
  );
}

/** /profit-centres/{id}. */
export function ProfitCentreEditPage() {
  const centre = useProfitCentreDetail(Number(useParams().id));
  return (
    <Frame title="Edit profit centre">
      <RecordState
        query={centre}
        record={centre.data}
        missing="This profit centre does not exist. It may have been removed."
      >
        {(record) => <ProfitCentreForm key={record.id} centre={record} />}
      </RecordState>
    </Frame>
  );
}
